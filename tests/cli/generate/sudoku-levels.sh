# Plain Sudoku at each of Solo's levels, as one-line puzzles and as
# Solo IDs; and a drawn 6 x 6 with its level.
for level in trivial basic intermediate advanced extreme unreasonable; do
	cdok --sudoku --level $level --seed 1 generate --to sudoku
done
cdok --sudoku -s 4 --seed 1 --count 2 generate --to solo
cdok --sudoku -s 6 --level basic --seed 1 generate
