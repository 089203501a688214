# A --timeout that is reached is named as the cause (the time masked).
cdok -s 20 --level h --seed 1 --timeout 0.000001 generate 2>"$CASE_TMP/err"
echo "status $?"
sed 's/after [0-9.e+-]* seconds/after S seconds/' "$CASE_TMP/err"
