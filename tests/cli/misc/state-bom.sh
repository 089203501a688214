# hint --state reads a state saved with a UTF-8 byte-order mark (some
# Windows editors add one) as the same state without it, as
# doc/FORMAT.md promises of every reader (issue 30).
cat >"$CASE_TMP/plain" <<'STATE'
6 4 5 2 1 3
5 . . . . .
. . . . . .
. . . . . .
. . . . . .
. . . . . 1
STATE
printf '\357\273\277' >"$CASE_TMP/bom"
cat "$CASE_TMP/plain" >>"$CASE_TMP/bom"
cdok hint --apply --state "$CASE_TMP/plain" examples/readme6.spec \
	>"$CASE_TMP/a"
echo "without the mark: status $?"
cdok hint --apply --state "$CASE_TMP/bom" examples/readme6.spec \
	>"$CASE_TMP/b"
echo "with the mark: status $?"
cmp "$CASE_TMP/a" "$CASE_TMP/b" && echo "the same next state"
