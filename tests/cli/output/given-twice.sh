# -o given twice is refused, and neither file is written.
err=$(cdok -o "$CASE_TMP/a" -o "$CASE_TMP/b" print examples/readme6.spec 2>&1)
echo "status $?"
echo "$err" | sed "s|$CASE_TMP|TMP|g"
ls -A "$CASE_TMP"
