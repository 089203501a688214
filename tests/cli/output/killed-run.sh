# A run killed with SIGKILL (which no program can catch) leaves its
# temporary file beside the -o target, named after it, and the target as
# it was.  (The run waits on standard input, an empty pipe, meanwhile.)
# The case waits for the temporary file to appear, however loaded the
# machine; the count only ends a run that never makes it (10 minutes).
echo old > "$CASE_TMP/book.txt"
mkfifo "$CASE_TMP/in"
cdok -o "$CASE_TMP/book.txt" print < "$CASE_TMP/in" &
pid=$!
exec 3> "$CASE_TMP/in"
i=0
while ! ls -A "$CASE_TMP" | grep -q cdok-tmp && [ $i -lt 60000 ]; do
	sleep 0.01
	i=$((i + 1))
done
kill -9 $pid
{ wait $pid; } 2>/dev/null
echo "killed: $?"
exec 3>&-
ls -A "$CASE_TMP" | sed 's/cdok-tmp\......./cdok-tmp.XXXXXX/'
cat "$CASE_TMP/book.txt"
