# --limit counts solutions up to N: status 2 for several, 8 when the
# count stopped at the limit, 1 for none; solve shows no grid unless
# there is exactly one, and then the grid and the count.
A=tests/data/corpus/ambiguous/amb_sum_4x4.spec
cdok examine --limit 10 $A
echo "status $?"
cdok examine --limit=2 $A
echo "status $?"
cdok solve --limit 10 $A
echo "status $?"
cdok examine --limit 1 tests/data/corpus/cdok-reference/ex6.spec
echo "status $?"
cdok examine --limit 3 tests/data/corpus/invalid/nosol_6x6.spec
echo "status $?"
sed '/^Solution is unique/,$d' tests/cli/solve/ex6.stdout > "$CASE_TMP/want"
echo "Solutions: 1" >> "$CASE_TMP/want"
cdok solve --limit 5 tests/data/corpus/cdok-reference/ex6.spec > "$CASE_TMP/got"
echo "status $?"
cmp "$CASE_TMP/want" "$CASE_TMP/got" && echo "the grid of solve, then the count"
