# The largest targets are read, and the solver answers without
# overflowing (the sanitizer build checks that too); a node bound, not
# a clock, so the answer is the same on a loaded machine.
cd "$CASE_TMP" || exit 1
for spec in 'A+9223372036854775807\tA\n1\t2\n' \
	'A*9223372036854775807\tA\n1\t2\n' \
	'A-9223372036854775807\tA\n1\t2\n' \
	'A/9223372036854775807\tA\n1\t2\n' \
	'A*9223372036854775807\tA\tA\nA\tA\tA\nA\tA\tA\n' \
	'A+9223372036854775807\tA\tA\nA\tA\tA\nA\tA\tA\n'; do
	printf "$spec" > huge.spec
	cdok examine --max-nodes 10000000 huge.spec
	echo "status $?"
done
