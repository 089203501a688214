# A file that cannot be opened or read, and a full disk on standard
# output, with -o and under --help: status 5, the file and the reason
# named, nothing on standard output.
R=tests/data/corpus/cdok-reference
cdok print tests/no-such-file.spec
echo "no such file: $?"
cdok print tests 2>"$CASE_TMP/err"
echo "directory: $?"
sed 's/cannot read: ..*/cannot read: (the reason)/' "$CASE_TMP/err"
cdok print $R/ex6.spec > /dev/full
echo "stdout full: $?"
cdok examine -o /dev/full $R/ex6.spec
echo "-o full: $?"
cdok --help > /dev/full
echo "--help full: $?"
