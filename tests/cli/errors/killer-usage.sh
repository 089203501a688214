# Killer Sudoku's usage errors (status 4, nothing on standard output):
# boxes that do not tile the grid, options Killer cages cannot have, a
# size no box shape tiles, and --killer on a command that reads the
# kind from its input.
while read -r args; do
	cdok $args < /dev/null
	echo "$args: $?"
done <<'ARGS'
--killer --boxes 2x2 --seed 1 generate
--boxes 3x3 --seed 1 generate
--killer --ops + --seed 1 generate
--killer -T --seed 1 generate
--killer --boxes 3by3 generate
--killer --boxes x3 generate
--killer --boxes 0x9 generate
--killer -s 6 --boxes 1x6 generate
--killer -s 7 generate
--killer -s 7 gen-grid
--killer --max-cage 1 generate
--killer solve tests/data/corpus/killer/killer_ka_01.json
ARGS
