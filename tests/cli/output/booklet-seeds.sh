# A booklet printed from two archives of different seeds and a JSON
# file of generate's names every puzzle's seed in its caption, as each
# file's own booklet did (issue 42); printed with --sort level too.  A
# booklet made with --sort level and --archive numbers the archive as
# the booklet: the archive's puzzle N is the booklet's #N.
captions() {
	pdftotext -layout "$1" - | tr -d '\f' | awk '
		$3 == "×" && $6 == "seed" { printf "#%s %s seed %s, ", $1, $5, $7 }
		END { print "" }'
}
cd "$CASE_TMP"
cdok -s 6 --seed 1 --count 3 generate --to pdf --archive a.txt -o a.pdf
cdok -s 6 --seed 100 --count 2 generate --to pdf --archive b.txt -o b.pdf
cdok -s 6 --seed 50 --count 2 --to json generate > c.json
captions a.pdf
captions b.pdf
cdok print --to pdf a.txt b.txt c.json -o abc.pdf
captions abc.pdf
cdok print --to pdf --sort level a.txt b.txt c.json -o sorted.pdf
captions sorted.pdf
cdok -s 6 --seed 1 --count 5 generate --to pdf --sort level \
	--archive s.txt -o s.pdf
captions s.pdf
grep '^#' s.txt
