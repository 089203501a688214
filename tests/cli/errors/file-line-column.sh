# An error in the input names the file (or <stdin>), the line and the
# column; nothing to read is bad input, named as well.
cdok print tests/data/corpus/invalid/malformed_jagged.spec
echo "file: $?"
cdok print < tests/data/corpus/invalid/malformed_jagged.spec
echo "stdin: $?"
cdok solve
echo "empty stdin: $?"
