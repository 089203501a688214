# -o naming one of the inputs, under another name (a hard link), is
# refused before anything is read or written: the puzzle stays.
cp examples/readme6.spec "$CASE_TMP/puzzle.spec"
ln "$CASE_TMP/puzzle.spec" "$CASE_TMP/same.spec"
err=$(cdok solve "$CASE_TMP/puzzle.spec" -o "$CASE_TMP/same.spec" 2>&1)
echo "status $?"
echo "$err" | sed "s|$CASE_TMP|TMP|g"
cmp examples/readme6.spec "$CASE_TMP/puzzle.spec" && echo unchanged
ls -A "$CASE_TMP"
