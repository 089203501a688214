# The limits of the spec reader, each refused with its position:
# targets fit in 64 bits, labels are at most 15 letters, givens are
# 1..N.
cd "$CASE_TMP" || exit 1
for spec in 'A+9223372036854775808\tA\n1\t2\n' \
	'A*99999999999999999999999999999\tA\n1\t2\n' \
	'ABCDEFGHIJKLMNOP+3\tABCDEFGHIJKLMNOP\n1\t2\n' \
	'A+3\tA\n1\t3\n'; do
	printf "$spec" > limit.spec
	cdok examine limit.spec
	echo "status $?"
done
