cdok -N -T -s 5 --seed 3 generate
