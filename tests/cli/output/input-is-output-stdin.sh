# Standard input redirected from -o's file is an input too.
cp examples/readme6.spec "$CASE_TMP/puzzle.spec"
err=$(cdok -o "$CASE_TMP/puzzle.spec" solve < "$CASE_TMP/puzzle.spec" 2>&1)
echo "status $?"
echo "$err" | sed "s|$CASE_TMP|TMP|g"
cmp examples/readme6.spec "$CASE_TMP/puzzle.spec" && echo unchanged
