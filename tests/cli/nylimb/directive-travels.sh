# print -N writes the @nylimb directive; the file then needs no -N to
# solve or check.  A grid with two cells swapped is wrong in the digit
# rule's own words.
cd "$CASE_TMP" || exit 1
NY="$OLDPWD/tests/data/corpus/nylimb"
cdok -N --to spec print "$NY/GC7WQR5.puz" > gc.spec
echo "print: $?"
head -n 2 gc.spec
cdok --to spec solve gc.spec > gc.sol
echo "solve: $?"
cat gc.sol
cdok check gc.spec gc.sol
echo "check: $?"
cdok -N check "$NY/GC7WQR5.puz" "$NY/GC7WQR5.sol"
echo "check -N: $?"
printf '%s\n' '6 1 8 40 7 5 2 9 3' '3 9 1 7 84 6 0 5 2' \
	'4 72 9 5 3 0 8 6 1' '0 4 2 1 9 3 6 8 75' '5 0 8 3 2 14 9 7 6' \
	'1 8 5 24 6 7 3 0 9' '2 3 7 6 0 9 51 4 8' '7 5 6 9 1 8 4 23 0' \
	'89 6 3 0 5 2 7 1 4' > swapped.sol
cdok check gc.spec swapped.sol
echo "check swapped: $?"
