# A proposed Nylimb grid with 0 in a ratio cage once killed `cdok check`
# with SIGFPE: in text, with --to json, and with -N on a plain puzzle.
cd "$CASE_TMP" || exit 1
printf '@nylimb\nA/2\tA\nB+1\tB\n' > p.spec
printf 'A/2\tA\nB+1\tB\n' > plain.spec
printf '3 0\n1 0\n' > g.sol
cdok check p.spec g.sol
echo "status $?"
cdok --to json check p.spec g.sol > out
echo "status $?"
sed 's/"timings":{[^}]*}/"timings":{T}/' out
cdok -N check plain.spec g.sol
echo "status $?"
