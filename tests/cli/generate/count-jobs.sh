# Puzzle k of a run uses seed S+k, whatever -j.
cdok -s 5 --seed 11 --count 3 -j 2 generate
