# README.md, cdok(1) (doc/cdok.1.scd with the lists the program puts in
# it) and --help say the same about the exit statuses and the shared
# libraries: each check prints "ok" or what differs.
flat() { tr -s ' \t\n' '   '; }
help=$(cdok --help | flat)
man=$( (cat doc/cdok.1.scd; cdok --man-section options; cdok --man-section exit) | flat)
readme=$(flat < README.md)
pictures=$(flat < doc/PICTURES.md)

# The statuses, in the order of seriousness, as --help and the man page
# list them; the README quotes --help whole (test cli/readme_quotes_help).
codes_help=$(cdok --help | sed -n '/^Exit status/,/^$/p' |
	sed -n 's/^ *\([0-9][0-9]*\)  .*/\1/p' | tr '\n' ' ')
codes_man=$(cdok --man-section exit | sed -n 's/^\*\([0-9][0-9]*\)\*$/\1/p' | tr '\n' ' ')
codes_readme=$(sed -n '/^Exit status/,/^$/p' README.md |
	sed -n 's/^ *\([0-9][0-9]*\)  .*/\1/p' | tr '\n' ' ')
echo "statuses: --help $codes_help"
[ "$codes_man" = "$codes_help" ] && echo "statuses: man ok" || echo "statuses: man $codes_man"
[ "$codes_readme" = "$codes_help" ] && echo "statuses: README ok" || echo "statuses: README $codes_readme"

# Several inputs end with the most serious status, and nowhere with
# "the largest".
for doc in help man readme; do
	eval "text=\$$doc"
	case $text in
	*"several inputs, the largest"*|*"(the largest of all)"*)
		echo "most serious: $doc says the largest" ;;
	*"most serious"*)
		echo "most serious: $doc ok" ;;
	*)
		echo "most serious: $doc does not say" ;;
	esac
done

# The statuses that replace -o's file: one list everywhere.
for doc in help man readme pictures; do
	eval "text=\$$doc"
	lists=$(printf '%s\n' "$text" |
		grep -o "[0-9][0-9]*, [0-9][0-9]*, [0-9][0-9, ]* \(or\|and\) [0-9][0-9]*\( to [0-9][0-9]*\)*" |
		sort -u | tr '\n' ';')
	if [ "$doc" = help ]; then
		want=$lists
		echo "-o statuses: --help $lists"
	elif [ "$lists" = "$want" ]; then
		echo "-o statuses: $doc ok"
	else
		echo "-o statuses: $doc $lists"
	fi
done

# Every shared library a document names exists in the build, and every
# library file's name starts with its SONAME.  The libraries are those
# of the plain build, build/ (the sanitizer build makes only what its
# program loads).
build=build
for name in $(cat README.md doc/*.md doc/*.scd | grep -o 'libcdok[a-z-]*\.so\.[0-9][0-9.]*' | sed 's/\.$//' | sort -u); do
	[ -e "$build/$name" ] && echo "named: $name ok" || echo "named: $name is not built"
done
for f in "$build"/libcdok*.so.*.*; do
	soname=$(readelf -d "$f" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
	case ${f##*/} in
	"$soname".*) echo "file: ${f##*/} starts with $soname" ;;
	*) echo "file: ${f##*/} does not start with its SONAME $soname" ;;
	esac
done
