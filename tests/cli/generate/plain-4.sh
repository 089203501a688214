cdok -s 4 --seed 1 generate
