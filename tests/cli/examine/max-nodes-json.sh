# The same budget with --to json ends as the text does (status 6): the
# document says what was found, "multiple" after two of a count, but
# the count asked for is not known.
cdok examine --to json --limit 1000000000 --max-nodes 5000 \
	tests/data/slow/many_8x8.spec >"$CASE_TMP/out" 2>"$CASE_TMP/err"
echo "status $?"
grep -o '"verdict":"[a-z-]*"\|"complete":[a-z]*\|"nodes":[0-9]*' "$CASE_TMP/out"
sed 's/([0-9.]* seconds)/(S seconds)/' "$CASE_TMP/err"
