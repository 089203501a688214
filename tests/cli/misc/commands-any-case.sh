# Commands match in any case, as in the original cdok.
cdok solve examples/readme6.spec > "$CASE_TMP/lower"
cdok Solve examples/readme6.spec > "$CASE_TMP/mixed"
echo "Solve: $?"
cmp "$CASE_TMP/lower" "$CASE_TMP/mixed" && echo "same as solve"
cdok EXAMINE examples/readme6.spec
echo "EXAMINE: $?"
