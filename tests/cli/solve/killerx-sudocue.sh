# A Killer X with cells in no cage and cages in parts, read from
# SudoCue's line (HS_KILLERS #9), solved and proven unique.
sed -n 9p tests/data/iss_killers/hs_killers.txt | cdok solve
