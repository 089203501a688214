# A 6 x 6 whose cages show their targets only (spec A?12): solved with
# the uniqueness proof, drawn with the targets alone.
cat > "$CASE_TMP/p.spec" <<'END'
A?18	A	A	A	A	B?9
1	C?13	D?7	E?30	F?3	B
G?1	C	D	E	F	B
G	C	C	3	H?10	H
I?12	J?8	J	2	K?36	K
I	L?7	L	M?5	M	K
END
cdok solve "$CASE_TMP/p.spec"
