# README: generate, then solve what was made.
cdok -T -s 9 --seed 8 generate | cdok solve
