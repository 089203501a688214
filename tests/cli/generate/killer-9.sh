cdok --killer --seed 1 generate
