# Every trial step of the 4x4 to 7x7 Unreasonable Keen puzzles names the
# contradiction each other candidate reaches, none falls back on "a
# search shows it" (issue 39): a cage whose cells are all filled must
# make its clue (r1c1 of keen_4u_01), and a case that stops short splits
# again ("so r8c2 is 2, 5 or 7: if r8c2 is 2, ...").
for f in tests/data/corpus/keen/keen_[4-7]u_*.keen; do
	cdok explain --all-steps "$f"
done > "$CASE_TMP/trials"
grep -c 'Trial and error' "$CASE_TMP/trials"
grep -c 'a search shows it' "$CASE_TMP/trials" || true
cdok explain --all-steps tests/data/corpus/keen/keen_4u_01.keen | grep 'Trial'
cdok explain --all-steps tests/data/corpus/keen/keen_7u_04.keen | grep 'Trial' | head -1
# A split may be the places of a value in a unit.
cdok explain --all-steps tests/data/corpus/keen/keen_8u_04.keen | grep -o 'so 7 in row 6 goes in r6c4 or r6c6: if r6c4 is 7'
