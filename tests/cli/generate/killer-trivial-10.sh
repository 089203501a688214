# Trivial on a grid larger than Solo makes: where the cages alone do not
# get a person through, values are given inside them (issue 30).
cdok --killer -s 10 --level t --seed 1 generate
