# explain, hint and examine say "more than one solution" (status 2)
# before any reasoning: a puzzle loosened until it has a second
# solution, with one large cage (tests/data/ambiguous/README.md).
for f in tests/data/ambiguous/loose_10x10.spec \
	tests/data/ambiguous/loose_30x30.spec; do
	cdok explain "$f" 2>&1
	echo "explain: status $?"
	cdok --level easy explain "$f" 2>&1
	echo "explain --level easy: status $?"
	cdok hint "$f" 2>&1
	echo "hint: status $?"
	cdok examine "$f" 2>&1 | tail -1
done
