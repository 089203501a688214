# A Sudoku line of the wrong length, a bad byte, a value too large.
printf '1.3.5...........\n' | cdok examine
printf '1.3.x...........\n' | cdok examine
printf '1.3.x...........\n' | cdok examine --from sudoku
printf '1.3.............\n1.3\n' | cdok examine --from sudoku
