# cdok check on a hidden-operator puzzle: a grid whose values make a
# cage's target with some operation passes; a cage no operation makes
# is named with what its values add up to.
cd "$CASE_TMP"
cat > p.spec <<'END'
A?18	A	A	A	A	B?9
1	C?13	D?7	E?30	F?3	B
G?1	C	D	E	F	B
G	C	C	3	H?10	H
I?12	J?8	J	2	K?36	K
I	L?7	L	M?5	M	K
END
printf '2 1 6 4 5 3\n1 6 4 5 3 2\n5 2 3 6 1 4\n6 4 1 3 2 5\n4 3 5 2 6 1\n3 5 2 1 4 6\n' > good.txt
printf '2 1 6 4 5 3\n1 6 4 5 3 2\n5 2 3 6 1 4\n6 4 1 3 2 5\n4 3 5 2 6 1\n3 5 2 1 6 4\n' > bad.txt
cdok check p.spec good.txt
echo "status $?"
cdok check p.spec bad.txt
echo "status $?"
