# -o leaves the file as it was when the run fails (status 3).
echo old > "$CASE_TMP/out"
cdok -o "$CASE_TMP/out" print tests/data/corpus/invalid/malformed_jagged.spec
echo "status $?"
cat "$CASE_TMP/out"
ls -A "$CASE_TMP"
