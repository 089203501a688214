# Every malformed corpus file: its message and status.
for f in tests/data/corpus/invalid/malformed_*.spec; do
	cdok print "$f"
	echo "status $?"
done 2>&1
