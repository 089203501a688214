# A note after the blank line that ends a puzzle, words only, is
# skipped with a warning naming its line, and the run succeeds; a block
# with a clue or a given is still read as a puzzle.
{
	cat examples/readme6.spec
	echo
	echo 'hello world'
	echo 'a nice one - not too hard'
} > "$CASE_TMP/noted.spec"
cdok examine "$CASE_TMP/noted.spec" 2>&1 | sed "s|$CASE_TMP|TMP|"
cdok examine "$CASE_TMP/noted.spec" 2>/dev/null
echo "status $?"
{
	cat examples/readme6.spec
	echo
	echo 'hello 2'
} > "$CASE_TMP/broken.spec"
cdok examine "$CASE_TMP/broken.spec" 2>&1 | sed "s|$CASE_TMP|TMP|"
cdok examine "$CASE_TMP/broken.spec" >/dev/null 2>&1
echo "status $?"
