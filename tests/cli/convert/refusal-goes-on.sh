# A puzzle a format cannot hold is refused with the reason and the run
# goes on: a difference cage of three cells, then a puzzle Keen can
# hold (the ID of the second, status 3); too large for Keen and for UCF.
K=tests/data/corpus/keen
printf 'A-0\tA\tA\nB+6\tB\tB\nC+6\tC\tC\n' > "$CASE_TMP/diff3.spec"
cdok convert --to keen "$CASE_TMP/diff3.spec" $K/keen_3e_01.spec 2>&1 |
	sed "s|$CASE_TMP|TMP|"
cdok convert --to keen "$CASE_TMP/diff3.spec" $K/keen_3e_01.spec \
	> "$CASE_TMP/out" 2>/dev/null
echo "status $?"
cmp "$CASE_TMP/out" $K/keen_3e_01.keen && echo "the other puzzle is keen_3e_01.keen"
cdok convert --to keen tests/data/corpus/cdok/cdok12D_01.spec
echo "status $?"
cdok print --to ucf tests/data/corpus/cdok/cdok12D_01.spec
echo "status $?"
