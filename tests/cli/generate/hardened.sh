cdok -s 6 --seed 5 -w 3 generate
