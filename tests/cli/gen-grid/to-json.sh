cdok -s 3 --seed 1 --to json gen-grid
