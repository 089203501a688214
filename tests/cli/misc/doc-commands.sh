# Every command README.md and doc/*.md show runs as written, and ends
# with the status pinned here (their output in the docs may be cut short,
# their status may not).  A command is a line of a fenced block that
# starts with "cdok" or "$ cdok" (not the --help text the README
# quotes), a line indented as code that starts with "cdok", or a whole
# fenced block that runs cdok inside a loop or a pipeline.  They run in
# order, in one scratch directory that has the tree's examples/ and
# tests/ and a doc/pictures/ of its own, with fixtures for the files the
# docs name but the tree lacks; the variables a sharding example leaves
# to the reader are set.  A command that needs what no test machine has
# is named with the reason instead of a status.
top=$(pwd)
work="$CASE_TMP/work"
mkdir -p "$work/doc/pictures"
ln -s "$top/examples" "$top/tests" "$work/"
cd "$work" || exit 1

# Fixtures: files of the kind the docs name.
cp examples/readme6.spec old-puzzle.spec
cp examples/readme6.spec puzzle.spec
cp tests/data/corpus/nylimb/GC7WQR5.puz .
cdok convert --to keen examples/readme6.spec > id.txt
cdok -s 6 --seed 3 --count 3 generate > puzzles.txt
printf '%s\n' '. . 5 2 . .' '. . . . . .' '. . . . . .' \
	'3 . . . . .' '4 . . . . .' '. . . . 4 .' > game.txt
cp game.txt partial.txt
export S=1 K=2 i=0 m=2

# Each command into a file of its own, cmd/NNN.sh, with a line of
# index: the number, the doc and what the doc shows (a block by its
# first line).
mkdir "$CASE_TMP/cmd"
awk -v dir="$CASE_TMP/cmd" '
function emit(shown, text) {
	n++
	f = sprintf("%s/%03d.sh", dir, n)
	printf "%s", text > f
	close(f)
	printf "%03d\t%s\t%s\n", n, FILENAME, shown
}
FNR == 1 { fence = 0 }
/^ *```/ {
	if (fence) {
		if (!help && !lines && runs)
			emit(first " ...", block)
		fence = 0
	} else {
		fence = 1; start = 1; lines = 0; runs = 0; block = ""
	}
	next
}
fence && start { start = 0; help = ($0 ~ /^Usage:/); first = $0 }
fence {
	block = block $0 "\n"
	if ($0 ~ /^ ? ? ?cdok |([|;&'"'"'"]|while|until|if|do|then) *cdok /)
		runs = 1
	if (!help && $0 ~ /^ ? ? ?(\$ )?cdok /) {
		line = $0
		sub(/^ *(\$ )?/, "", line)
		emit(line, line "\n")
		lines++
	}
	next
}
/^    +cdok / {
	line = $0
	sub(/^ */, "", line)
	emit(line, line "\n")
}
' "$top/README.md" "$top"/doc/*.md | sed "s|$top/||" |
while IFS='	' read -r n file shown; do
	case "$shown" in
	*"-S 4/alpha,4/beta"*)
		printf 'not run (needs the ssh hosts alpha and beta)\t%s\t%s\n' \
			"$file" "$shown"
		continue ;;
	esac
	sh "$CASE_TMP/cmd/$n.sh" < /dev/null > /dev/null 2>&1
	printf '%s\t%s\t%s\n' "$?" "$file" "$shown"
done
