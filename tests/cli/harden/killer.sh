cdok --seed 4 harden tests/data/corpus/killer/killer_ka_01.solo
