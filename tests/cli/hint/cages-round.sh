# A round of what the cages allow names each cage once, with all it rules
# out, where it last speaks; cells named just before, or a whole cage,
# are "each" (issue 39: this step was one 541-character line, the 21 cage
# at r4c6 and the rest of box 9 told twice).
head -1 tests/data/iss_killers/hs_killers.txt | cdok explain | sed -n 2p
