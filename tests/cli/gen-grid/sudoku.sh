cdok --killer --seed 1 gen-grid
