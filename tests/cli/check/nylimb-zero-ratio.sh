# A 0 in a ratio cage of a Nylimb grid has no ratio (issue 17).
printf '@nylimb\nA/2\tA\nB+1\tB\n' > "$CASE_TMP/p.spec"
printf '3 0\n1 0\n' > "$CASE_TMP/g"
cd "$CASE_TMP" && cdok check p.spec g
