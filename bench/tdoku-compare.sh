#!/bin/sh
# tdoku-compare.sh -- cdok against tdoku, the fastest published Sudoku
# solver, on the same plain Sudoku in one process (issue 38).
#
# Usage: TDOKU_DIR=DIR bench/tdoku-compare.sh [-n PUZZLES] [-r REPEATS]
#                                             [FILE...]
#   FILE: one 81-character puzzle a line; default the three sets of
#   $CORPUS (../shared/corpus/sudoku_hard): 17-clue, magictour top1465,
#   forum hardest 11+.  -n: the first PUZZLES of each (150); -r: passes
#   over each set per solver, the fastest kept (5).
#
# TDOKU_DIR is a checkout of tdoku's public source (repository
# t-dillon/tdoku); nothing of it is part of cdok, and the script only
# compiles it, in a temporary folder: its solver with g++ -O3
# -march=native, as its own benchmarks build it.  The harness
# (bench/tdoku/compare.c) calls both solvers with tdoku's protocol: in
# process, a limit of 2 solutions (proving the puzzle unique), the mean
# time per puzzle of a pass, guesses per puzzle; cdok through its public
# API (cdok_solve), linked with build/libcdok.a (run `make` first).
# Both solvers' verdicts are compared, and for a unique puzzle their
# solutions; a difference makes the exit status 1.  The machine's other
# work moves the times of both: read the ratio of one run, never the
# times of two.
set -eu

if [ -z "${TDOKU_DIR:-}" ]; then
	cat >&2 <<'MSG'
tdoku-compare: set TDOKU_DIR to a checkout of tdoku's source: clone
tdoku's public repository (t-dillon/tdoku) into a folder outside cdok,
say /tmp/tdoku, then
  TDOKU_DIR=/tmp/tdoku bench/tdoku-compare.sh
(needs g++; tdoku is not part of cdok and is never committed to it)
MSG
	exit 2
fi
src=$TDOKU_DIR/src/solver_dpll_triad_simd.cc
if [ ! -f "$src" ] || [ ! -f "$TDOKU_DIR/src/util.cc" ]; then
	echo "tdoku-compare: $src or src/util.cc missing: is TDOKU_DIR" \
	     "a tdoku checkout?" >&2
	exit 2
fi
lib=${CDOK_LIB:-build/libcdok.a}
if [ ! -f "$lib" ]; then
	echo "tdoku-compare: $lib missing (run make first)" >&2
	exit 2
fi

corpus=${CORPUS:-../shared/corpus/sudoku_hard}
args=
while getopts n:r: opt; do
	case $opt in
	n|r) args="$args -$opt $OPTARG" ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -eq 0 ]; then
	set -- "$corpus/17_clue_2000.txt" "$corpus/magictour_top1465.txt" \
	       "$corpus/forum_hardest_1905_11plus_2000.txt"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cxx=${CXX:-g++}
$cxx -std=c++17 -O3 -march=native -DNDEBUG -c "$src" -o "$tmp/tdoku.o"
$cxx -std=c++17 -O3 -march=native -DNDEBUG -c "$TDOKU_DIR/src/util.cc" \
	-o "$tmp/util.o"
${CC:-cc} -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -Iinclude \
	-c bench/tdoku/compare.c -o "$tmp/compare.o"
$cxx -o "$tmp/compare" "$tmp/compare.o" "$tmp/tdoku.o" "$tmp/util.o" "$lib"
# shellcheck disable=SC2086
"$tmp/compare" $args "$@"
