# check names each problem of a wrong grid: a changed given, values
# twice in a line, a cage's clue; one cell off is wrong in its row, its
# column and its cage, in text and as a result document.  The solved
# spec solve prints is a grid check reads; -o keeps the verdict of a
# wrong grid.
cdok check examples/readme6.spec examples/readme6-wrong.txt
echo "status $?"
printf '6 4 5 2 1 3\n5 1 4 3 2 6\n1 2 6 4 3 5\n3 6 2 1 5 4\n4 3 1 5 6 2\n2 5 3 6 4 2\n' > "$CASE_TMP/one.sol"
cdok check examples/readme6.spec "$CASE_TMP/one.sol"
echo "status $?"
cdok check --to json examples/readme6.spec "$CASE_TMP/one.sol" > "$CASE_TMP/out"
echo "status $?"
sed 's/"timings":{[^}]*}/"timings":{T}/' "$CASE_TMP/out"
cdok check tests/data/corpus/cdok-reference/ex6.spec tests/cli/solve/ex6.stdout
echo "status $?"
cdok check -o "$CASE_TMP/out.txt" examples/readme6.spec examples/readme6-wrong.txt
echo "status $?"
cat "$CASE_TMP/out.txt"
