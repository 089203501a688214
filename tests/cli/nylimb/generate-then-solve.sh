# A generated Nylimb stream starts with @nylimb and solves with and
# without -N; harden keeps the mode of its input; -N stops at 9 x 9.
cd "$CASE_TMP" || exit 1
cdok -T -s 9 -N --seed 5 --count 2 generate > made.txt
echo "generate: $?"
head -n 1 made.txt
cdok -N solve made.txt
echo "solve -N: $?"
cdok solve < made.txt > /dev/null
echo "solve stdin: $?"
cdok --seed 1 -w 2 harden made.txt
echo "harden: $?"
cdok -N -s 10 --seed 1 generate
echo "generate 10: $?"
