cdok --max-cage 3 -s 6 --seed 4 generate
