cdok --ops add -s 5 --seed 3 generate
