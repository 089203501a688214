# -N with --to json solves and says so; Keen's format cannot hold a
# Nylimb puzzle, and says that.
cdok -N --to json solve tests/data/corpus/nylimb/GC7WQR5.puz > "$CASE_TMP/out"
echo "status $?"
sed 's/"timings":{[^}]*}/"timings":{T}/' "$CASE_TMP/out"
cdok -N --to keen print tests/data/corpus/nylimb/GC7WQR5.puz
echo "status $?"
