#!/bin/sh
# issue43.sh CDOK -- issue 43's reproducers, each with the status and
# the message it must give (make check-ci, mk/sweep.mk): nothing hangs,
# large generations finish or refuse at once, and messages name the
# character typed and the format's own rule.  Each run is bounded by
# timeout(1) at 10 minutes only so that a hang fails the sweep instead
# of stalling it; no speed is asserted here (bench/ measures speed).
set -u
cdok=${1:-build/cdok}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
n=0

# expect STATUS PATTERN DESCRIPTION -- COMMAND...: run the command (its
# standard input from $tmp/in), check its status and that its standard
# error matches the grep pattern (an empty pattern: anything) and never
# says "unexpected byte" of UTF-8 text.
expect() {
	want=$1 pattern=$2 what=$3
	shift 4
	n=$((n + 1))
	timeout 600 "$@" < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
	got=$?
	if [ "$got" != "$want" ]; then
		echo "issue43: $what: status $got, expected $want" >&2
		sed 's/^/  /' "$tmp/err" >&2
		fails=$((fails + 1))
	elif [ -n "$pattern" ] && ! grep -q -- "$pattern" "$tmp/err"; then
		echo "issue43: $what: no '$pattern' in:" >&2
		sed 's/^/  /' "$tmp/err" >&2
		fails=$((fails + 1))
	elif grep -q "unexpected byte" "$tmp/err" &&
	     iconv -f UTF-8 -t UTF-8 < "$tmp/in" > /dev/null 2>&1; then
		echo "issue43: $what: 'unexpected byte' for UTF-8 text:" >&2
		sed 's/^/  /' "$tmp/err" >&2
		fails=$((fails + 1))
	fi
}
input() { printf "$@" > "$tmp/in"; }

amb=tests/data/ambiguous
input ''
for f in $amb/loose_10x10.spec $amb/loose_30x30.spec $amb/loose_60x60.spec; do
	for cmd in explain hint examine; do
		expect 2 "" "$cmd $f" -- "$cdok" $cmd "$f"
	done
	expect 2 "more than one solution" "explain --level easy $f" -- \
		"$cdok" --level easy explain "$f"
done

# Generation at the largest sizes: made, or refused at once.
expect 0 "" "-s 20 --sudoku generate" -- "$cdok" -s 20 --sudoku --seed 1 generate
expect 0 "" "-s 25 --sudoku generate" -- "$cdok" -s 25 --sudoku --seed 1 generate
for s in 36 63; do
	expect 4 "give --timeout SECONDS" "-s $s --sudoku generate" -- \
		"$cdok" -s $s --sudoku generate
done
expect 4 "give --timeout SECONDS" "-s 63 --hide-ops generate" -- \
	"$cdok" -s 63 --hide-ops generate
expect 6 "gave up after" "-s 63 --hide-ops --timeout 2 generate" -- \
	"$cdok" -s 63 --hide-ops --timeout 2 --seed 1 generate
expect 6 "gave up after" "-s 36 --sudoku --timeout 2 generate" -- \
	"$cdok" -s 36 --sudoku --timeout 2 --seed 1 generate
expect 4 "1 x 1 Sudoku grid" "-s 1 --sudoku generate" -- \
	"$cdok" -s 1 --sudoku generate

# Sudoku lines that almost fit, and notes.
L=..6.35.2...54.......4...97..89.4.25..5.3.8.1..31.2.68..23...1.......38...4.29.5..
S=${L%?}
input '%s\n' "$S"
expect 3 "this one has 80" "80-cell line" -- "$cdok" examine
expect 3 "this one has 80" "80-cell line --from sudoku" -- "$cdok" --from sudoku examine
input '%s # a note\n' "$L"
expect 0 "" "a line with a note" -- "$cdok" examine
expect 0 "" "a line with a note --from sudoku" -- "$cdok" --from sudoku examine
input '%s#7\n' "$L"
expect 3 "unexpected character '#'" "a '#' touching the cells" -- "$cdok" examine

# Pasted look-alikes in every reader that can meet them.
nbsp=$(printf '\302\240') endash=$(printf '\342\200\223')
fwplus=$(printf '\357\274\213') times=$(printf '\303\227')
rquote=$(printf '\342\200\235')
input 'A+3%sA\n1\t2\n' "$nbsp"
expect 3 "U+00A0 NO-BREAK SPACE; did you mean a plain space" "spec: no-break space" -- "$cdok" examine
input 'A%s1\tA\nB+3\tB\n' "$endash"
expect 3 "U+2013 EN DASH; did you mean '-'" "spec: en dash" -- "$cdok" examine
input 'A%s3\tA\nB+3\tB\n' "$fwplus"
expect 3 "U+FF0B FULLWIDTH PLUS SIGN; did you mean '+'" "spec: fullwidth plus" -- "$cdok" examine
input 'A+3\tA\nB+3\tB%s\n' "$rquote"
expect 3 "U+201D RIGHT DOUBLE QUOTATION MARK" "spec: smart quote" -- "$cdok" examine
input '2 2\naa\nbb\na 3 +\nb 3 %s\n' "$times"
expect 3 "U+00D7 MULTIPLICATION SIGN.*did you mean '\*'" "ucf: multiplication sign" -- "$cdok" --from ucf examine
input '1\n4 2 0%s1\n' "$nbsp"
expect 3 "U+00A0 NO-BREAK SPACE" "calpoly: no-break space" -- "$cdok" --from calpoly examine
input '3:a_3aab_,s1%s3m3a5\n' "$endash"
expect 3 "U+2013 EN DASH" "keen: en dash" -- "$cdok" examine
input '3x3k:zzzc,%s\n' "$rquote"
expect 3 "U+201D RIGHT DOUBLE QUOTATION MARK" "solo: smart quote" -- "$cdok" --from solo examine
input '%s\n' "$(echo "$L" | sed "s/4/$endash/")"
expect 3 "U+2013 EN DASH in a Sudoku line" "sudoku: en dash" -- "$cdok" examine
input '{"size":2,"cages":[{"op":"%s","target":1,"cells":[[0,0],[0,1]]},{"op":"+","target":3,"cells":[[1,0],[1,1]]}]}\n' "$(printf '\342\210\222')"
expect 3 "U+2212 MINUS SIGN; did you mean '-'" "json: minus sign" -- "$cdok" examine
# Bytes that are not UTF-8 are still named as bytes.
input 'A+3\tA\n1\t2\377\n'
expect 3 "byte 0xff (not UTF-8 text)" "spec: a byte that is not UTF-8" -- "$cdok" examine

if [ "$fails" -gt 0 ]; then
	echo "issue43: $fails of $n checks failed" >&2
	exit 1
fi
echo "issue43: $n checks passed"
