# SudoCue's Killer X line (HS_KILLERS #5): @diagonals, cells in no cage
# (". "), and cages in parts, whose clue each part repeats with a star.
sed -n 5p tests/data/iss_killers/hs_killers.txt | cdok print
