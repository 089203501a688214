# hint says one step, in a sentence naming its technique, its level and
# a cell; --apply writes the step as a '#' line and the state; --to json
# gives the step with its technique, level and cells.
cdok hint examples/readme6.spec
echo "status $?"
cdok hint --apply tests/data/corpus/keen/keen_4e_01.keen
echo "status $?"
cdok hint --to json examples/readme6.spec > "$CASE_TMP/out"
echo "status $?"
sed 's/"timings":{[^}]*}/"timings":{T}/g' "$CASE_TMP/out"
