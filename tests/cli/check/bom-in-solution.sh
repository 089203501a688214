# check skips a byte-order mark before a solution grid, as every reader
# does before a puzzle.
printf '\357\273\277' > "$CASE_TMP/answer.txt"
cat tests/data/corpus/cdok/cdok6T_01.sol >> "$CASE_TMP/answer.txt"
cdok check tests/data/corpus/cdok/cdok6T_01.spec "$CASE_TMP/answer.txt"
