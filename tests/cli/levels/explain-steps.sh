# explain lists the steps under the level; -v adds the finer score and
# the difficulty; --level stops where the level runs out (status 10); a
# puzzle with several solutions has no explanation (status 2); JSON has
# the grade and the steps.
cdok explain examples/readme6.spec
echo "status $?"
cdok explain -v examples/readme6.spec
echo "status $?"
cdok explain --level normal tests/data/corpus/keen/keen_6x_01.keen
echo "status $?"
cdok explain tests/data/corpus/ambiguous/amb_6x6.spec
echo "status $?"
cdok explain --to json tests/data/corpus/killer/killer_kt_01.solo > "$CASE_TMP/out"
echo "status $?"
sed 's/"timings":{[^}]*}/"timings":{T}/' "$CASE_TMP/out"
