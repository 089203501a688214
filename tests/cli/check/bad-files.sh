# check's files: a short row is bad input named by line and column (3);
# so is a bad puzzle; a missing file is a system error (5); one file,
# three, standard input twice and --to spec are usage errors (4).
printf '1 2 3 4 5 6\n1 2\n' > "$CASE_TMP/short.sol"
cdok check examples/readme6.spec "$CASE_TMP/short.sol" 2> "$CASE_TMP/err"
echo "short row: $?"
sed "s|$CASE_TMP|TMP|" "$CASE_TMP/err" >&2
cdok check tests/data/corpus/invalid/malformed_jagged.spec "$CASE_TMP/short.sol"
echo "bad puzzle: $?"
cdok check examples/readme6.spec tests/no-such.sol
echo "missing: $?"
cdok check examples/readme6.spec
echo "one file: $?"
cdok check a b c
echo "three files: $?"
cdok check - -
echo "stdin twice: $?"
cdok check --to spec examples/readme6.spec examples/readme6-wrong.txt
echo "--to spec: $?"
