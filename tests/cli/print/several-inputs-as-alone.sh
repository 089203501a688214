# Several inputs: each one's output under a "==> FILE <==" header, a
# blank line between them, each the same as printed alone.
R=tests/data/corpus/cdok-reference
{
	echo "==> $R/ex6.spec <=="
	cat $R/ex6.print.txt
	echo
	echo "==> $R/cdok12D_01.spec <=="
	cat $R/cdok12D_01.print.txt
} > "$CASE_TMP/want"
cdok print $R/ex6.spec $R/cdok12D_01.spec > "$CASE_TMP/got"
echo "status $?"
cmp "$CASE_TMP/want" "$CASE_TMP/got" && echo "each input as printed alone"
