# @two-cell: a hidden cage of three or more cells is a sum or a product.
# This 4 x 4 (cdok generate -T -s 4 --seed 106, operators hidden) is
# unique under the directive and has two solutions without it (its
# cages of three cells may then be differences or ratios too).  The
# directive is written back, in JSON as
# "two_cell".
cat > "$CASE_TMP/two.spec" <<'END'
@two-cell
A?5	B?12	B	B
A	B	C?2	D?24
E?5	C	C	D
E	F?1	F	D
END
sed 1d "$CASE_TMP/two.spec" > "$CASE_TMP/any.spec"
cdok solve --limit 9 "$CASE_TMP/two.spec" | tail -1
cdok solve --limit 9 "$CASE_TMP/any.spec" | tail -1
cdok convert --to spec "$CASE_TMP/two.spec"
cdok convert --to json "$CASE_TMP/two.spec"; echo
cdok convert --to json "$CASE_TMP/two.spec" | cdok convert --to spec
