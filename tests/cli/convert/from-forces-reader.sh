# --from forces the reader: a Keen ID read as UCF is a UCF syntax error,
# and as Keen what detection finds too; check forces the puzzle's
# format, not the grid's.
K=tests/data/corpus/keen
cdok print --from ucf $K/keen_3e_01.keen
echo "status $?"
cdok convert --from keen --to keen < $K/keen_3e_01.keen > "$CASE_TMP/out"
echo "status $?"
cmp "$CASE_TMP/out" $K/keen_3e_01.keen && echo "the same ID"
cdok check --from keen $K/keen_3e_01.keen $K/keen_3e_01.sol
echo "status $?"
cdok check --from calpoly $K/keen_3e_01.keen $K/keen_3e_01.sol
echo "status $?"
