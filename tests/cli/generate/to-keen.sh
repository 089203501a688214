cdok -T -s 7 --seed 6 --count 2 --to keen generate
