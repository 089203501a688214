# `cdok check` reads the states `cdok hint --apply` writes: with pencil
# marks and without them (--place), a '#' line first.
cdok hint --apply examples/readme6.spec > "$CASE_TMP/marks.txt"
cdok hint --apply --state "$CASE_TMP/marks.txt" examples/readme6.spec \
	> "$CASE_TMP/marks2.txt"
cat "$CASE_TMP/marks2.txt"
cdok check examples/readme6.spec "$CASE_TMP/marks2.txt"
cdok hint --place --apply examples/readme6.spec > "$CASE_TMP/values.txt"
cat "$CASE_TMP/values.txt"
cdok check examples/readme6.spec "$CASE_TMP/values.txt"
