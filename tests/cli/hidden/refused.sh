# Formats whose clues always have an operator refuse a hidden one and
# say why; A12 (a target without any operator) stays an error.
cd "$CASE_TMP" && printf 'A?3\tA\nB?2\tB\n' > p.spec
cdok convert --to keen p.spec
echo "status $?"
cdok convert --to ucf p.spec
echo "status $?"
cdok convert --to calpoly p.spec
echo "status $?"
printf 'A3\tA\nB?2\tB\n' | cdok solve
echo "status $?"
printf '@two-cell\nA-3\tA\tA\nB?2\tB\tB\nC?1\tC\tC\n' | cdok solve
echo "status $?"
