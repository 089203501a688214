#!/bin/sh
# tdoku-compare.sh -- cdok against tdoku, the fastest published Sudoku
# solver, on the same plain Sudoku in one process (issue 38).
#
# Usage: TDOKU_DIR=DIR bench/tdoku-compare.sh [-c] [-n PUZZLES]
#                                             [-r REPEATS] [FILE...]
#   FILE: one 81-character puzzle a line; default the three sets of
#   $CORPUS (../shared/corpus/sudoku_hard): 17-clue, magictour top1465,
#   forum hardest 11+.  -n: the first PUZZLES of each (150); -r: passes
#   over each set per solver, the fastest kept (5).
#   -c: instead of timing, count under callgrind (valgrind) what one
#   pass of each solver costs, which the machine's load does not move:
#   instructions, mispredicted branches (its branch simulation) and
#   "cost" = instructions / 3 + 15 per mispredicted branch, a rough
#   cycle count, and the ratio of the costs.  The harness runs with one
#   pass and with three; the difference halved is one pass.  tdoku is
#   then built -march=$TDOKU_MARCH (x86-64-v3: AVX2, which valgrind
#   runs; it does not run AVX-512), not -march=native.
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
count=
march=native
while getopts cn:r: opt; do
	case $opt in
	c) count=1; march=${TDOKU_MARCH:-x86-64-v3} ;;
	n) args="$args -n $OPTARG" ;;
	r) args="$args -r $OPTARG" ;;
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
$cxx -std=c++17 -O3 -march="$march" -DNDEBUG -c "$src" -o "$tmp/tdoku.o"
$cxx -std=c++17 -O3 -march="$march" -DNDEBUG -c "$TDOKU_DIR/src/util.cc" \
	-o "$tmp/util.o"
${CC:-cc} -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -Iinclude \
	-c bench/tdoku/compare.c -o "$tmp/compare.o"
$cxx -o "$tmp/compare" "$tmp/compare.o" "$tmp/tdoku.o" "$tmp/util.o" "$lib"
if [ -z "$count" ]; then
	# shellcheck disable=SC2086
	exec "$tmp/compare" $args "$@"
fi

# -c: the inclusive cost of cdok_solve and of tdoku's entry point in a
# run of one pass and of three (the harness's check of the verdicts
# runs in both), as "Ir mispredicts" per function.
cg_costs() { # FILE PASSES
	# shellcheck disable=SC2086
	valgrind --tool=callgrind --branch-sim=yes \
		--callgrind-out-file="$tmp/cg.out" "$tmp/compare" $args \
		-r "$2" "$1" >/dev/null 2>&1 || { echo "tdoku-compare:" \
		"the harness failed under valgrind on $1" >&2; exit 1; }
	callgrind_annotate --inclusive=yes "$tmp/cg.out" 2>/dev/null | tr -d , |
	awk '/:cdok_solve / { c = $1 " " ($5 + $9) }
	     /:TdokuSolverDpllTriadSimd / { t = $1 " " ($5 + $9) }
	     END { print c, t }'
}
command -v valgrind >/dev/null || { echo "tdoku-compare: -c needs" \
	"valgrind" >&2; exit 2; }
printf '%-36s %12s %10s %12s %10s %7s\n' set cdok_Ir cdok_mis tdoku_Ir \
	tdoku_mis ratio
for f in "$@"; do
	# shellcheck disable=SC2046
	set -- $(cg_costs "$f" 1) $(cg_costs "$f" 3)
	awk -v f="${f##*/}" -v c1="$1" -v cm1="$2" -v t1="$3" -v tm1="$4" \
	    -v c3="$5" -v cm3="$6" -v t3="$7" -v tm3="$8" 'BEGIN {
		c = (c3 - c1) / 2; cm = (cm3 - cm1) / 2
		t = (t3 - t1) / 2; tm = (tm3 - tm1) / 2
		printf "%-36s %12d %10d %12d %10d %6.2fx\n", f, c, cm, t, tm,
		       (c / 3 + 15 * cm) / (t / 3 + 15 * tm) }'
done
