#!/bin/sh
# icount.sh -- instructions a cdok command executes, counted by valgrind's
# callgrind (repeatable whatever the machine's load).
#
#   bench/icount.sh [-s] CDOK ARGS...
#
# Prints one number: the instructions of the whole process, or with -s
# only those inside cdok_solve (--toggle-collect=cdok_solve).  The
# command's own output is discarded.
set -eu
collect=""
if [ "${1:-}" = "-s" ]; then
	collect="--toggle-collect=cdok_solve"
	shift
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$out" $collect "$@" \
	>/dev/null 2>&1 || true
awk '/^summary:/ { print $2 }' "$out"
