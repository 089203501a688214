cdok --killer -s 6 --seed 2 generate
