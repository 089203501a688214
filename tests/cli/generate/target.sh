# -t hardens until the difficulty (10000 x (level + 1) + score) reaches
# the target: 30000 is Hard; without -t this seed makes a Normal
# puzzle (20088).
cdok -s 6 --seed 5 -t 30000 generate
