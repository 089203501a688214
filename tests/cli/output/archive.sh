# --archive writes the puzzles of a booklet as specs, each after a '#'
# line with its number and seed, in the same run; the archive reads back
# as the same puzzles.  It needs --to and a file of its own.
cdok -s 4 --seed 5 --count 2 generate --to pdf -o "$CASE_TMP/b.pdf" \
	--archive "$CASE_TMP/b.txt"
echo "status $?"
cat "$CASE_TMP/b.txt"
cdok convert --to keen "$CASE_TMP/b.txt"
cdok -s 4 --seed 5 --count 2 generate --to keen
cdok -s 4 --seed 5 generate --archive "$CASE_TMP/c.txt" 2>&1
cdok -s 4 --seed 5 generate --to pdf -o "$CASE_TMP/d" --archive "$CASE_TMP/d" 2>&1 |
	sed "s|$CASE_TMP|TMP|"
ls "$CASE_TMP"
