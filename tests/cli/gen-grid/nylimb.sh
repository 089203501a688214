cdok -N -s 4 --seed 2 gen-grid
