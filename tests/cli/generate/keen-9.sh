# generate --to keen makes puzzles Keen can hold: - and / cages of two
# cells (it implies -T), one game ID a line; it once refused two of
# these three puzzles after making them.
cdok -s 9 --seed 3 --count 3 --to keen generate
