# Pencil marks that leave out the solution's value are a mistake, named
# by their cell, for `cdok check` as for `cdok hint`; rows of a state
# may be written without spaces.  (readme6's solution has 6 at r1c1 and
# 4 at r1c2; r1c3 and r1c4 are given.)
printf '%s\n' '# a game in progress' '{23}{14}52..' '......' '......' \
	'3.....' '4.....' '2...4.' > "$CASE_TMP/state.txt"
cdok check examples/readme6.spec "$CASE_TMP/state.txt"
echo "status $?"
cdok check --to json examples/readme6.spec "$CASE_TMP/state.txt" |
	sed 's/.*"problems"/"problems"/; s/,"timings".*//'
cdok hint --state "$CASE_TMP/state.txt" examples/readme6.spec
