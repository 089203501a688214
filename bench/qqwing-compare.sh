#!/bin/sh
# qqwing-compare.sh -- making plain Sudoku: cdok's `generate --sudoku`
# at every Solo level against Debian's qqwing, in one run (issue 38).
#
# Usage: bench/qqwing-compare.sh [-n COUNT] [-s SEED] [CDOK]
#   COUNT puzzles each (1000); SEED for cdok (1); CDOK the program
#   (build/cdok).
#
# Prints, per row, the user CPU seconds of `qqwing --generate COUNT`
# (once, first) and of `CDOK --sudoku [--level L] --seed SEED --count
# COUNT generate --to sudoku`, without a level and at each of Solo's
# six levels, and qqwing's time over cdok's.  Both write to /dev/null.
# qqwing makes unique puzzles of no chosen level; cdok's rows with a
# level make only puzzles of that level, which takes longer.  CPU time
# moves less than the wall clock on a shared machine, but still
# moves: compare the rows of one run.  Needs qqwing (apt install
# qqwing) and GNU time (/usr/bin/time).
set -eu

count=1000
seed=1
while getopts n:s: opt; do
	case $opt in
	n) count=$OPTARG ;;
	s) seed=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
cdok=${1:-build/cdok}
for tool in qqwing /usr/bin/time; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "qqwing-compare: $tool not found (apt install qqwing time)" >&2
		exit 2
	fi
done
if [ ! -x "$cdok" ]; then
	echo "qqwing-compare: $cdok is not a program (run make first)" >&2
	exit 2
fi

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# cpu COMMAND...: the user CPU seconds of COMMAND, its output dropped.
cpu() {
	/usr/bin/time -f %U -o "$tmp" "$@" >/dev/null
	cat "$tmp"
}

q=$(cpu qqwing --generate "$count")
printf '%-14s %10s %10s %9s\n' level cdok_s qqwing_s ratio
for level in none trivial basic intermediate advanced extreme \
	     unreasonable; do
	if [ "$level" = none ]; then
		c=$(cpu "$cdok" --sudoku --seed "$seed" --count "$count" \
			generate --to sudoku)
	else
		c=$(cpu "$cdok" --sudoku --level "$level" --seed "$seed" \
			--count "$count" generate --to sudoku)
	fi
	awk -v l="$level" -v c="$c" -v q="$q" 'BEGIN {
		printf "%-14s %10.2f %10.2f ", l, c, q
		if (c > 0)
			printf "%8.1fx\n", q / c
		else
			printf "%9s\n", "-" }'
done
