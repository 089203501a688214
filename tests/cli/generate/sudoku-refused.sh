# --sudoku has no cages, so the cage options do not go with it; a line
# holds only the three shapes.
cdok --sudoku --killer generate
cdok --sudoku --max-cage 3 generate
cdok --sudoku -s 6 --boxes 3x2 generate --to sudoku
cdok --sudoku -s 8 generate --to sudoku
cdok --sudoku -s 4 --level basic generate
