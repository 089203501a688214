# A tier 2 hint's picture shades the place the words name (box 7) and
# not the cell the step fills, as tier 1's; the full step's shows it.
f=tests/data/corpus/killer/killer_ka_01.solo
cdok hint --tier 1 --to svg $f > "$CASE_TMP/1.svg"
cdok hint --tier 2 --to svg $f > "$CASE_TMP/2.svg"
cdok hint --to svg $f > "$CASE_TMP/3.svg"
cmp -s "$CASE_TMP/1.svg" "$CASE_TMP/2.svg" && echo "tier 2 as tier 1"
cmp -s "$CASE_TMP/2.svg" "$CASE_TMP/3.svg" || echo "tier 3 differs"
