# -o replaces the file when the run ends well.
echo old > "$CASE_TMP/out"
cdok -o "$CASE_TMP/out" print --to keen examples/readme6.spec
echo "status $?"
cat "$CASE_TMP/out"
