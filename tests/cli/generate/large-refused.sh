# Sizes that can take many minutes are refused at once, naming what to
# add (issue 43): plain Sudoku above 25 x 25, hidden operators above
# 48 x 48; a size no box tiles is refused in Sudoku's words.
for args in "-s 36 --sudoku" "-s 63 --sudoku" "-s 63 --hide-ops" \
	"-s 49 --hide-ops -T" "-s 1 --sudoku" "-s 7 --sudoku"; do
	cdok $args --seed 1 generate 2>&1
	echo "$args: status $?"
done
cdok -s 1 --sudoku gen-grid 2>&1
echo "gen-grid: status $?"
