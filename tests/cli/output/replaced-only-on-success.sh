# -o: bad input (3), a usage error (4) and an unreadable file (5) leave
# the file as it was, and no temporary file behind; a print, and a
# verdict of "not unique" (2), replace it, with nothing on standard
# output; a new file is created.
R=tests/data/corpus/cdok-reference
cd "$CASE_TMP" || exit 1
T=$OLDPWD
echo old > out.txt
cdok print -o out.txt "$T/tests/data/corpus/invalid/malformed_jagged.spec" 2>/dev/null
echo "bad input: $?"
cdok -o out.txt frobnicate "$T/$R/ex6.spec" 2>/dev/null
echo "usage: $?"
cdok print -o out.txt "$T/$R/ex6.spec" "$T/tests/no-such-file" 2>/dev/null
echo "no such file: $?"
cat out.txt
ls -A
cdok print -o out.txt "$T/$R/ex6.spec"
echo "print: $?"
cmp out.txt "$T/$R/ex6.print.txt" && echo "out.txt is ex6.print.txt"
cdok examine --output out.txt "$T/tests/data/corpus/ambiguous/amb_6x6.spec"
echo "examine: $?"
cat out.txt
ls -A
cdok -u print -o new.txt "$T/$R/ex6.spec"
echo "new: $?"
cmp new.txt "$T/$R/ex6.print-u.txt" && echo "new.txt is ex6.print-u.txt"
ls -A
