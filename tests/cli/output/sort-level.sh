# --sort level orders a booklet from the easiest puzzle to the hardest,
# numbered in that order (the captions, read back with pdftotext); it
# goes with --to pdf only.
captions() {
	pdftotext "$1" - | grep -E '^[0-9]+ [0-9]+ × [0-9]+ [a-z]+$' |
		sort -n | awk '{ printf "%s %s, ", $1, $5 } END { print "" }'
}
cdok -s 6 --seed 1 --count 8 generate | grep Difficulty
cdok -s 6 --seed 1 --count 8 generate --to pdf --per-page 8 -o "$CASE_TMP/a.pdf"
captions "$CASE_TMP/a.pdf"
cdok -s 6 --seed 1 --count 8 generate --to pdf --per-page 8 --sort level \
	-o "$CASE_TMP/b.pdf"
captions "$CASE_TMP/b.pdf"
cdok -s 6 --seed 1 --count 8 generate --sort level 2>&1
echo "status $?"
