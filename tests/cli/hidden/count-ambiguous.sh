# With its operators hidden this 4 x 4 (cdok generate -s 4 --seed 6,
# unique as made) has two solutions: a cage's target alone says less.
cat > "$CASE_TMP/p.spec" <<'END'
A?7	B?2	B	C?1
A	D?2	D	C
A	1	E?1	F?4
G?5	G	E	F
END
cdok solve --limit 5 --all "$CASE_TMP/p.spec"
