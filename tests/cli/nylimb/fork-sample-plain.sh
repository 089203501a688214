# The fork's sample.puz has no directive and stays a plain puzzle: its
# solution is the fork's sample.sol (single spaces there, tabs in the
# spec writer's rows).
cdok solve tests/data/corpus/nylimb/sample.puz > "$CASE_TMP/out"
echo "status $?"
n=$(wc -l < tests/data/corpus/nylimb/sample.sol)
head -n "$n" "$CASE_TMP/out" | tr '\t' ' ' |
	cmp - tests/data/corpus/nylimb/sample.sol && echo "rows are sample.sol"
