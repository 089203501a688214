cdok -T -s 9 --seed 1 generate
