# -m and -t below 10000 are below every difficulty cdok prints: the
# message names the scale and --level (Nylimb puzzles, which have no
# levels, take any number).
cdok -s 9 --seed 1 -m 300 generate
echo "status $?"
cdok -s 6 --seed 5 -t 60 generate
echo "status $?"
cdok --killer --seed 1 -m 300 generate
echo "status $?"
cdok -N -s 4 --seed 1 -m 300 generate 2>&1 | tail -1
