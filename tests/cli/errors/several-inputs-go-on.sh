# An input that fails does not stop the others: 0, 3, 1 (from stdin)
# and 2, and the most serious, 3, is the status; a missing file is a
# system error, 5, the most serious there.
C=tests/data/corpus
cdok examine $C/cdok-reference/ex6.spec $C/invalid/malformed_jagged.spec - \
	$C/ambiguous/amb_6x6.spec < $C/invalid/nosol_6x6.spec
echo "status $?"
cdok examine tests/no-such-file.spec $C/cdok-reference/ex6.spec
echo "status $?"
