# harden with a --timeout it does not reach: no Hard puzzle with sums
# only on this 4 x 4, said as such, status 6 (issue 30).
cat >"$CASE_TMP/p.spec" <<'SPEC'
A+4	A	B+10	4
A	C+6	B	B
D+7	C	E+5	E
D	F+4	F	E
SPEC
cd "$CASE_TMP" && cdok --ops add --level h --seed 1 --timeout 1000 harden p.spec
