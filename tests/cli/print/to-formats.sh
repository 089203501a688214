# print --to writes only the puzzle, in each format that can hold it.
for f in spec ucf keen json ascii utf8; do
	echo "== $f"
	cdok print --to $f examples/readme6.spec
	echo "status $?"
done
