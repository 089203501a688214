# Killer Sudoku: an input with boxes gets new sum cages of distinct
# values, same solution (two random draws in a fixed order).
cdok --seed 4 harden tests/data/corpus/killer/killer_ka_01.solo
