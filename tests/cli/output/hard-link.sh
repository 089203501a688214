# -o writes a new file and renames it over the old one: a hard link to
# the old file keeps the old content.
echo old > "$CASE_TMP/out"
ln "$CASE_TMP/out" "$CASE_TMP/link"
cdok -o "$CASE_TMP/out" print --to keen examples/readme6.spec
cat "$CASE_TMP/out" "$CASE_TMP/link"
