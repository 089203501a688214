#!/bin/sh
# keen-compare.sh -- instructions executed by Keen's own solver and by
# `cdok examine` on the same puzzles, counted by callgrind (repeatable on
# a noisy machine).
#
# Usage: bench/keen-compare.sh [KEEN-FILE...]
#   default: the six 9x9 "unreasonable" puzzles of tests/data/corpus/keen
#
# Needs valgrind and Debian's sgt-puzzles (apt-get install sgt-puzzles);
# neither is needed to build or test cdok.  Keen has no headless "solve"
# command, but printing a game ID with --with-solutions runs its solver:
# the solver's cost is that run minus the same print without solutions
# (start-up, parsing and PostScript output are the same in both).
# cdok's figure is the whole `cdok examine` process, start-up included.
set -eu

cdok=${CDOK:-./build/cdok}
keen=${KEEN:-/usr/games/sgt-keen}

if [ ! -x "$keen" ]; then
	echo "keen-compare: $keen not found (apt-get install sgt-puzzles)" >&2
	exit 1
fi
if [ $# -eq 0 ]; then
	set -- tests/data/corpus/keen/keen_9u_0*.keen
fi

refs() {
	# The total "I refs" callgrind prints, without thousands separators.
	grep 'I *refs' | sed 's/.*refs: *//; s/,//g'
}

printf '%-16s %14s %14s %8s\n' puzzle keen-solver cdok-examine ratio
for k in "$@"; do
	spec=${k%.keen}.spec
	with=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$keen" --print 1x1 --with-solutions <"$k" 2>&1 >/dev/null | refs)
	without=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$keen" --print 1x1 <"$k" 2>&1 >/dev/null | refs)
	ours=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		"$cdok" examine "$spec" 2>&1 >/dev/null | refs)
	solver=$((with - without))
	awk -v n="$(basename "$k" .keen)" -v a="$solver" -v b="$ours" \
		'BEGIN { printf "%-16s %14d %14d %7.1fx\n", n, a, b, a / b }'
done
