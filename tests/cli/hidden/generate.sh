# generate --hide-ops: puzzles unique with every operator hidden; with
# -T the puzzle carries @two-cell; with --level, of that level.
cdok generate --hide-ops -s 4 --seed 7
cdok generate --hide-ops -T -s 5 --seed 2 --to spec
cdok generate --hide-ops --level hard -s 6 --seed 3 --to spec
cdok generate --hide-ops --to keen -s 5 --seed 1
echo "status $?"
cdok generate --hide-ops --killer
echo "status $?"
