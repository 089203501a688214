cdok check tests/data/corpus/killer/killer_ka_01.solo tests/data/corpus/killer/killer_ka_01.sol
