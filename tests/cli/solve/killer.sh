# A Killer Sudoku in Barium's JSON.
cdok solve --to spec tests/data/corpus/killer/barium_expert-1.json
