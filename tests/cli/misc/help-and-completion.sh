# Each command's help and completion list what it takes: generate and
# gen-grid read no input, so neither lists -i (and both refuse it); the
# bash completion offers the same options as the help (besides --help
# and --version); after --level,
# --paper and --ops it offers their values, and the program takes each.
cdok --completions bash > "$CASE_TMP/cdok.bash"
complete() {
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_cdok; printf "%s\n" "${COMPREPLY[@]}"' - "$CASE_TMP/cdok.bash" "$@"
}
for c in print solve examine gen-grid harden generate convert check; do
	helped=$(cdok help $c | sed -n '/^Options for/,$p' |
		grep -oE '^  (-[a-zA-Z], |    )--[a-z0-9-]+' |
		sed 's/.*--/--/' | sort | tr '\n' ' ')
	# -h and -V are about the program, offered everywhere.
	completed=$(complete cdok $c -- | grep '^--' |
		grep -v -e '^--help$' -e '^--version$' | sort | tr '\n' ' ')
	if [ "$helped" = "$completed" ]; then
		echo "$c: help and completion agree"
	else
		printf '%s: help %s\n%s: completion %s\n' $c "$helped" $c \
			"$completed"
	fi
done
for c in gen-grid generate; do
	cdok help $c | grep -q -- '--input' && echo "help $c lists --input"
	cdok -i examples/readme6.spec $c
	echo "status $?"
done

for o in --level --paper --ops; do
	echo "$o: $(complete cdok generate $o '' | tr '\n' ' ')"
done
for v in $(complete cdok --paper ''); do
	cdok --paper $v --to pdf -o "$CASE_TMP/x.pdf" print examples/readme6.spec ||
		echo "--paper $v refused"
done
for v in $(complete cdok --ops ''); do
	cdok --ops $v -s 4 --seed 1 generate > /dev/null || echo "--ops $v refused"
done
for v in $(complete cdok --level ''); do
	cdok --level $v explain examples/readme6.spec > /dev/null 2>&1 ||
	cdok --level $v explain tests/data/corpus/killer/killer_kt_01.solo \
		> /dev/null 2>&1 || echo "--level $v refused"
done
