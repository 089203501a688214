# The signs cdok's pictures print, U+00D7, U+00F7 and U+2212, read as
# *, / and -: the README puzzle written with them is the same puzzle.
sed 's/\*/×/g; s|/|÷|g; s/-/−/g' examples/readme6.spec > "$CASE_TMP/signs.spec"
grep -c '[×÷−]' "$CASE_TMP/signs.spec"
cdok examine "$CASE_TMP/signs.spec"
cdok print --to keen "$CASE_TMP/signs.spec" examples/readme6.spec
