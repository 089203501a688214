# README: Nylimb mode, end to end.
cdok -T -s 4 -N --seed 2 generate | cdok -N solve
