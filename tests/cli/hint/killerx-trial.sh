# Killer X (issue 37): a trial's chain of singles uses the diagonals as
# units too ("the only place for 9 in the diagonal from top left"), on
# its way to each contradiction.  HS_KILLERS #0, its step 44.
sed -n 1p tests/data/iss_killers/hs_killers.txt |
	cdok explain --all-steps - | sed -n '45p'
