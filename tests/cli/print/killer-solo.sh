# A Killer Sudoku from a Solo game ID, drawn with its boxes.
cdok -u print tests/data/corpus/killer/killer_ka_01.solo
