#!/bin/sh
# man-splice.sh CDOK < doc/cdok.1.scd > cdok.1.scd -- copy a man page
# source, replacing each line "@SECTION name@" by what `CDOK --man-section
# name` prints: the lists of commands, options, formats and exit statuses
# in scdoc, from the tables the program's --help is made of.
set -eu
cdok=${1:?usage: man-splice.sh CDOK < SOURCE}
while IFS= read -r line || [ -n "$line" ]; do
	case "$line" in
	"@SECTION "*"@")
		name=${line#@SECTION }
		"$cdok" --man-section "${name%@}" ;;
	*)
		printf '%s\n' "$line" ;;
	esac
done
