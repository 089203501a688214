#!/bin/sh
# names.sh ARCHIVE... -- every name the library's archives export is its
# own: cdok_ and declared in include/cdok.h (the API), or cdki_ (the
# internals; lib/model/model.h, "names").  A program that links
# libcdok.a statically must keep all of its own names.  Prints the
# offenders and fails when there is one.
set -eu
header=${CDOK_HEADER:-include/cdok.h}
bad=0
for a in "$@"; do
	[ -f "$a" ] || { echo "names: $a: no such archive" >&2; exit 2; }
	names=$(nm -g --defined-only "$a" | awk 'NF == 3 { print $3 }' | sort -u)
	[ -n "$names" ] || { echo "names: $a exports nothing" >&2; exit 2; }
	for s in $names; do
		case $s in
		cdki_*) ;;
		cdok_*)
			grep -qw "$s" "$header" || {
				echo "names: $a: $s begins with cdok_ but $header does not declare it (internal names begin with cdki_)"
				bad=$((bad + 1))
			} ;;
		*)
			echo "names: $a: $s has no cdok_ or cdki_ prefix"
			bad=$((bad + 1)) ;;
		esac
	done
done
[ "$bad" -eq 0 ] || { echo "names: $bad name(s) outside the library's prefixes"; exit 1; }
echo "names: every exported name of $* is prefixed"
