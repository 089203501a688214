# The one-line Killer formats read and written: a forums' line to
# SudoCue's and back, and SudoCue's line with cells in no cage (each a
# number of its own after the cages') read and written again.
sed -n 1p tests/data/iss_killers/tarek_all.txt | cdok convert --to sudocue - |
	cdok convert --to arrows -
sed -n 3p tests/data/iss_killers/hs_killers.txt | cdok convert --to sudocue -
