cdok -s 6 --seed 5 -t 60 generate
