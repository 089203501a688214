# The three tiers of a hint: where to look, what to look for, the step;
# --tier takes 1, 2 or 3, and only on hint; JSON carries all three.
P=tests/data/corpus/keen/keen_9h_01.keen
for t in 1 2 3 4; do
	cdok hint --tier $t $P
	echo "tier $t: $?"
done
cdok solve --tier 1 $P
echo "solve --tier: $?"
cdok hint --to json $P > "$CASE_TMP/out"
echo "json: $?"
sed 's/"timings":{[^}]*}/"timings":{T}/g' "$CASE_TMP/out"
