#!/bin/sh
# sizes.sh -- no file in lib/, cli/ or python/src over 1,000 lines and
# no function over 120 (doc/HACKING.md, "Size").  A function is counted as the house style
# writes one: from the line before its opening brace in column 0 (the
# name) to its closing brace in column 0.  Prints the offenders and
# fails when there is one.
set -u
cd "$(dirname "$0")/.." || exit 2
dirs="lib cli python/src"
files=$(find $dirs -name '*.[ch]' | sort)
[ -n "$files" ] || { echo "sizes: no sources under $dirs" >&2; exit 2; }
bad=0
for f in $files; do
	n=$(wc -l <"$f")
	if [ "$n" -gt 1000 ]; then
		echo "sizes: $f has $n lines (at most 1000)"
		bad=$((bad + 1))
	fi
	out=$(awk -v f="$f" '
		/^\{/ { start = NR - 1 }
		/^\}/ && start { if (NR - start + 1 > 120)
				print "sizes: " f ":" start \
				      ": a function of " NR - start + 1 \
				      " lines (at most 120)"
			start = 0 }' "$f")
	if [ -n "$out" ]; then
		echo "$out"
		bad=$((bad + $(echo "$out" | wc -l)))
	fi
done
[ "$bad" -eq 0 ] || { echo "sizes: $bad file(s) or function(s) too long"; exit 1; }
echo "sizes: $(echo "$files" | wc -l) files in $dirs, none over 1000 lines, no function over 120"
