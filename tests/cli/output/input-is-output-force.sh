# --force lets -o replace an input: the puzzle is read whole first, so
# the file ends up holding the solution.
cp examples/readme6.spec "$CASE_TMP/puzzle.spec"
cdok --force -o "$CASE_TMP/puzzle.spec" solve --to spec "$CASE_TMP/puzzle.spec"
echo "status $?"
cat "$CASE_TMP/puzzle.spec"
