# A --title too wide for the paper is shrunk, then set on two lines,
# then cut short with an ellipsis: every word of the heading stays on
# the page (pdftotext reads the words' boxes back).
title='The Very Long Title of a Booklet of Calcudoku Puzzles Made for the Readers of the Sunday Newspaper, Winter Edition'
for t in "Short" "$title" "$title $title $title"; do
	cdok -s 4 --seed 1 --count 2 generate --to pdf --paper a5 --title "$t" \
		-o "$CASE_TMP/book.pdf"
	pdftotext -bbox -f 1 -l 1 "$CASE_TMP/book.pdf" - | awk '
		/<page / { split($0, a, "\""); width = a[2] }
		/<word / && n < 40 {
			split($0, a, "\""); y = a[4]
			if (y > 60) next   # below the heading band
			n++; lines[y] = 1
			if (a[2] < 28 || a[6] > width - 28) out++
			last = $0
		}
		END {
			sub(/.*">/, "", last); sub(/<.*/, "", last)
			nl = 0; for (y in lines) nl++
			printf "%d words on %d line(s), %d outside the margins, last \"%s\"\n", n, nl, out + 0, last
		}'
done
