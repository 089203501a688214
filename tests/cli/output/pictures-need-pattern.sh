# generate --to svg of several puzzles needs an -o pattern with a
# number: refused at once, before any puzzle is made (making a hundred
# thousand 9 x 9s would take many minutes).
cdok -s 9 --seed 1 --count 100000 generate --to svg -o "$CASE_TMP/x.svg" 2>&1
echo "status $?"
ls -A "$CASE_TMP"
