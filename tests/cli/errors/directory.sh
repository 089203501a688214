# A directory is no puzzle: status 5 (the system's words are masked).
cdok print tests 2>"$CASE_TMP/err"
echo "status $?"
sed 's/cannot read: .*/cannot read: .../' "$CASE_TMP/err"
