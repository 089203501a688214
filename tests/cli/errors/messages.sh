# Messages say what is wrong in plain words: a binary file is "not a
# text file", an empty input needs no word on its format, counts of one
# are singular, Keen's block structure is explained, and a Cal Poly file
# with a negative sum is read (and refused) as Cal Poly.
printf '\177ELF\002\001\001\000\000\000' > "$CASE_TMP/program"
cdok examine "$CASE_TMP/program" 2>&1 | sed "s|$CASE_TMP|TMP|"
: > "$CASE_TMP/empty"
cdok examine "$CASE_TMP/empty" 2>&1 | sed "s|$CASE_TMP|TMP|"
printf 'A+3\tA\nB+3\n' | cdok examine
printf 'A+3\tA\n' | cdok examine
printf '3\n3 2 0 1\n' | cdok examine
printf '2 1\naa\na\n' | cdok --from ucf examine
echo '3:a_3aab,s1m3m3a5' | cdok examine
echo '3:a_3aab__,s1m3m3a5' | cdok examine
printf '1\n-3 1 0\n' | cdok examine
cdok examine --max-nodes 1 tests/data/slow/many_8x8.spec 2>&1 |
	sed 's/([0-9.]* seconds)/(S seconds)/'
