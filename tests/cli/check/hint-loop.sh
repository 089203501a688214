# The hint loop of doc/LEVELS.md, from an empty state file, ends with
# `cdok check` reading the last state (a '#' line, the givens kept,
# pencil marks on the way) and saying the solution is correct.
: > "$CASE_TMP/game.txt"
n=0
while :; do
	cdok hint --apply --state "$CASE_TMP/game.txt" examples/readme6.spec \
		> "$CASE_TMP/next.txt"
	status=$?
	[ "$status" -eq 0 ] || break
	mv "$CASE_TMP/next.txt" "$CASE_TMP/game.txt"
	n=$((n + 1))
done
echo "hint stopped with status $status after $n steps"
cat "$CASE_TMP/next.txt"
cdok check examples/readme6.spec "$CASE_TMP/game.txt"
