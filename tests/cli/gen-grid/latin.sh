cdok -s 5 --seed 3 gen-grid
