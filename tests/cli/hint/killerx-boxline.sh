# Killer X (issue 37): box and line with the diagonals as units -- a
# box's value held to a diagonal (pointing), a diagonal's value held to
# a box (claiming) -- in the explanation of HS_KILLERS #9.
sed -n 9p tests/data/iss_killers/hs_killers.txt |
	cdok explain --all-steps - | sed -n '33,34p;42p;74p'
