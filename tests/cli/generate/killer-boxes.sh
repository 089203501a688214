cdok --killer -s 6 --boxes 3x2 --seed 3 generate
