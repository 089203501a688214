#!/bin/sh
# sizes.sh -- no file in lib/, cli/, python/src or python/cdok over 1,000
# lines and no function over 120 (doc/HACKING.md, "Size").  A function is counted as the house style
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
# The Python package's modules: the same limits, functions as Python's
# own parser sees them (from the def to its last line).
py=$(find python/cdok -name '*.py' | sort)
out=$(python3 - $py <<'PY'
import ast, sys
for f in sys.argv[1:]:
    text = open(f, encoding="utf-8").read()
    if text.count("\n") > 1000:
        print(f"sizes: {f} has {text.count(chr(10))} lines (at most 1000)")
    for n in ast.walk(ast.parse(text, f)):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                n.end_lineno - n.lineno + 1 > 120:
            print(f"sizes: {f}:{n.lineno}: a function of "
                  f"{n.end_lineno - n.lineno + 1} lines (at most 120)")
PY
) || { echo "sizes: python3 could not read python/cdok" >&2; exit 2; }
if [ -n "$out" ]; then
	echo "$out"
	bad=$((bad + $(echo "$out" | wc -l)))
fi
[ "$bad" -eq 0 ] || { echo "sizes: $bad file(s) or function(s) too long"; exit 1; }
echo "sizes: $(echo "$files" | wc -l) files in $dirs and $(echo "$py" | wc -l) in python/cdok, none over 1000 lines, no function over 120"
