#!/bin/sh
# sizes.sh -- the size rules (doc/HACKING.md, "Size"), run by make
# check-names.  Prints the offenders and fails when there is one.
#
#   C      lib/, cli/, python/src and web/ (the page's layer, bench_native.c
#          and its tests' json_read.c): no file over 1,000 lines, no
#          function over 120.  A function is counted as the house style
#          writes one: from the line before its opening brace in column 0
#          (the name) to its closing brace in column 0.
#   Python python/cdok: no module over 1,000 lines, no function over 120,
#          functions as Python's own parser sees them (from the def to its
#          last line).
#   JS     web/*.js (the page's code) and web/test/*.js (its tests; not
#          web/test/node_modules, which is playwright's): no file over 600
#          lines, no function over 120.  A function is counted as the
#          page's style writes one: from a line in column 0 that ends in
#          "{" (a function, a class, a test, a callback or an object at
#          the top level) to the next line in column 0 that begins with
#          "}".  What is nested inside counts towards the block it is in,
#          so a long arrow function inside a short one is still seen.
set -u
cd "$(dirname "$0")/.." || exit 2
dirs="lib cli python/src web"
files=$(find $dirs -name node_modules -prune -o -name '*.[ch]' -print | sort)
[ -n "$files" ] || { echo "sizes: no sources under $dirs" >&2; exit 2; }
bad=0
# report TEXT: count the offender lines of TEXT (none when empty).
report() {
	if [ -n "$1" ]; then
		echo "$1"
		bad=$((bad + $(echo "$1" | wc -l)))
	fi
}
# lines FILE MAX: the file's line count when it is over MAX.
lines() {
	n=$(wc -l <"$1")
	[ "$n" -le "$2" ] || echo "sizes: $1 has $n lines (at most $2)"
}
for f in $files; do
	report "$(lines "$f" 1000)"
	report "$(awk -v f="$f" '
		/^\{/ { start = NR - 1 }
		/^\}/ && start { if (NR - start + 1 > 120)
				print "sizes: " f ":" start \
				      ": a function of " NR - start + 1 \
				      " lines (at most 120)"
			start = 0 }' "$f")"
done
# The page's JavaScript and its tests.
js=$(find web -name node_modules -prune -o -name '*.js' -print | sort)
[ -n "$js" ] || { echo "sizes: no JavaScript under web" >&2; exit 2; }
for f in $js; do
	report "$(lines "$f" 600)"
	report "$(awk -v f="$f" '
		/^[^ \t}\/].*\{[ \t]*$/ && !start { start = NR }
		/^\}/ && start { if (NR - start + 1 > 120)
				print "sizes: " f ":" start \
				      ": a function of " NR - start + 1 \
				      " lines (at most 120)"
			start = 0 }' "$f")"
done
# The Python package's modules.
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
report "$out"
[ "$bad" -eq 0 ] || { echo "sizes: $bad file(s) or function(s) too long"; exit 1; }
echo "sizes: $(echo "$files" | wc -l) C files in $dirs, $(echo "$js" | wc -l)" \
     "JavaScript files in web and $(echo "$py" | wc -l) Python modules in" \
     "python/cdok: none over its limit (C and Python 1000 lines," \
     "JavaScript 600), no function over 120"
