# The forums' line has no mark for Killer X: writing one says so.
sed -n 1p tests/data/iss_killers/hs_killers.txt | cdok convert --to arrows -
