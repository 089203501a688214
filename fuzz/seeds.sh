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
seed spec    $corpus/*/*.spec $corpus/nylimb/*.puz $regress/*.spec
seed solve   $corpus/*/*.spec $corpus/nylimb/*.puz $regress/*.spec
seed ucf     $corpus/ucf/*.in $regress/*.ucf
seed calpoly $corpus/calpoly/*.in $corpus/*/*calpoly*.in $regress/*.calpoly
seed keen    $corpus/*/*.keen $regress/*.keen
seed solo    $corpus/*/*.solo $regress/*.solo
seed killer  $corpus/*/*.json $regress/*.killer
seed json    $corpus/*/*.json $regress/*.json

if [ -n "$seedgen" ]; then
	for format in ucf calpoly keen solo killer json; do
		mkdir -p "$out/$format"
		"$seedgen" "$format" "$out/$format" $corpus/*/*.spec \
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
