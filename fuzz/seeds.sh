#!/bin/sh
# seeds.sh DIR [SEEDGEN] -- gather the seed inputs of every fuzz target
# from the test corpus into DIR/<target>/ (see fuzz/README.md).  The
# copies are build products: DIR is under build/ and never committed.
#
# Each target gets the corpus files of its format, including the invalid
# ones, plus the regression inputs of tests/data/regress/ (earlier
# findings) whose names end in the format's extension.  With SEEDGEN
# (fuzz/seedgen.c, built by `make fuzz-seeds`), each format's target also
# gets every corpus puzzle written in that format, which is how a format
# without files of its own in the corpus (cdok's JSON) gets seeds.
set -eu

out=${1:?usage: seeds.sh DIR [SEEDGEN]}
seedgen=${2:-}
corpus=tests/data/corpus
regress=tests/data/regress
# Seeds written for the fuzz targets themselves (fuzz/seeds/README.md):
# shapes the corpus lacks, such as cages of more than 64 cells and grids
# above 32 x 32.
own=fuzz/seeds

# seed TARGET FILE...: copy the files that exist, named after their
# folder too, since names repeat across folders (sample.in).
seed() {
	target=$1
	shift
	mkdir -p "$out/$target"
	for f in "$@"; do
		[ -f "$f" ] || continue
		name=$(printf '%s' "$f" | tr '/' '_')
		cp -f "$f" "$out/$target/$name"
	done
}

rm -rf "$out"
seed spec    $corpus/*/*.spec $corpus/nylimb/*.puz $regress/*.spec $own/*.spec
seed solve   $corpus/*/*.spec $corpus/nylimb/*.puz $regress/*.spec $own/*.spec
seed ucf     $corpus/ucf/*.in $regress/*.ucf
seed calpoly $corpus/calpoly/*.in $corpus/*/*calpoly*.in $regress/*.calpoly
seed keen    $corpus/*/*.keen $regress/*.keen
seed solo    $corpus/*/*.solo $regress/*.solo
seed killer  $corpus/*/*.json $regress/*.killer
seed json    $corpus/*/*.json $regress/*.json $own/*.json
seed sudoku  $regress/*.sudoku
# The one-line Killers of ISS's collections (tests/data/iss_killers/).
seed arrows  tests/data/iss_killers/tarek_all.txt \
	tests/data/iss_killers/mathemagic_killers.txt $regress/*.arrows
seed sudocue tests/data/iss_killers/hs_killers.txt \
	tests/data/iss_killers/extreme_killers.txt $regress/*.sudocue
# The plain Sudoku of the tests: count.txt holds puzzle:count lines, and
# solo-levels.txt a level letter before each Solo ID.
grep -v '^#' tests/data/sudoku/count.txt | cut -d: -f1 \
	>"$out/sudoku/tests_data_sudoku_count"
grep -v '^#' tests/data/sudoku/solo-levels.txt | cut -c3- \
	>"$out/solo/tests_data_sudoku_solo-levels"

# check: a puzzle, a NUL byte and a proposed grid (fuzz_check.c).  Every
# corpus puzzle that comes with its solution (NAME.sol, and for the
# ambiguous ones the second solution NAME.sol2; the first of the
# puzzle's files that exists), each puzzle on its own
# (then the target checks the solver's answer), the README's wrong
# solution, and the regression inputs made for this target (.check).
mkdir -p "$out/check"
for sol in $corpus/*/*.sol $corpus/*/*.sol2; do
	base=${sol%.*}
	for puzzle in "$base".spec "$base".json "$base".solo "$base".keen \
		"$base".puz "$base".in; do
		[ -f "$puzzle" ] || continue
		name=$(printf '%s' "$sol" | tr '/' '_')
		{ cat "$puzzle"; printf '\0'; cat "$sol"; } \
			>"$out/check/$name.$(printf '%s' "${puzzle##*.}")"
		break
	done
done
seed check $corpus/invalid/* $corpus/nylimb/*.puz $corpus/cdok/*.spec \
	$regress/*.check $own/*.check
{ cat examples/readme6.spec; printf '\0'; cat examples/readme6-wrong.txt; } \
	>"$out/check/readme6-wrong"

# state and grade: a puzzle, a NUL byte and a state of play
# (fuzz_state.c, fuzz_grade.c).  The state is made from the puzzle's
# solution on file: about a quarter of the cells left empty, a quarter
# empty with pencil marks (the solution's value and the next one), the
# rest filled.  The ambiguous puzzles' second solutions give states that
# agree with one solution but not the other, and the README's wrong grid
# one that breaks the rules.  grade also gets each puzzle alone (hints
# then start halfway through its explanation).
as_state() {
	awk '{
		n = NF
		for (c = 1; c <= n; c++) {
			k = (NR * 7 + c * 3) % 4
			v = $c
			if (k == 0)
				cell = "."
			else if (k == 1)
				cell = "{" v (n > 9 ? "," : "") (v % n + 1) "}"
			else
				cell = v
			printf "%s%s", (c > 1 ? " " : ""), cell
		}
		printf "\n"
	}' "$1"
}
mkdir -p "$out/state" "$out/grade"
for sol in $corpus/*/*.sol $corpus/*/*.sol2; do
	base=${sol%.*}
	for puzzle in "$base".spec "$base".json "$base".solo "$base".keen \
		"$base".puz "$base".in; do
		[ -f "$puzzle" ] || continue
		name=$(printf '%s' "$sol" | tr '/' '_').$(printf '%s' \
			"${puzzle##*.}")
		{ cat "$puzzle"; printf '\0'; as_state "$sol"; } \
			>"$out/state/$name"
		cp "$out/state/$name" "$out/grade/$name"
		cp "$puzzle" "$out/grade/$(printf '%s' "$puzzle" | tr '/' '_')"
		break
	done
done
for target in state grade; do
	{ cat examples/readme6.spec; printf '\0'
	  cat examples/readme6-wrong.txt; } >"$out/$target/readme6-wrong"
done
seed state $regress/*.state $own/*.state
seed grade $regress/*.grade $regress/*.spec $own/*.grade

if [ -n "$seedgen" ]; then
	for format in ucf calpoly keen solo killer json; do
		mkdir -p "$out/$format"
		"$seedgen" "$format" "$out/$format" $corpus/*/*.spec $own/*.spec \
			$corpus/ucf/*.in $corpus/calpoly/*.in $corpus/keen/*.keen \
			$corpus/killer/*.solo $corpus/killer/*.json
	done
	# The Killer puzzles as specs, for the directives and the givens
	# inside cages that only they have.
	for target in spec solve; do
		"$seedgen" spec "$out/$target" $corpus/killer/*.solo \
			$corpus/killer/barium_*.json
	done
fi

# Drop inputs that repeat another's bytes (the same corpus puzzle reached
# from two files): each would only be run again.  The first name in
# sorted order stays.
for dir in "$out"/*/; do
	(cd "$dir" && find . -type f | LC_ALL=C sort | xargs -r sha1sum |
		awk 'seen[$1]++ { print $2 }' | xargs -r rm -f)
done
