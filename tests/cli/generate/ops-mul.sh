cdok --ops mul -s 5 --seed 3 generate
