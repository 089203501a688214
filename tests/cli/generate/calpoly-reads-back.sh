# Cal Poly holds sums only: generate --to calpoly makes sum puzzles,
# which read back as Cal Poly.
cdok -s 4 --seed 5 --count 2 --to calpoly generate > "$CASE_TMP/made"
echo "generate: $?"
cdok --from calpoly examine < "$CASE_TMP/made"
echo "examine: $?"
