# A puzzle with two solutions: no grid, status 2.
cdok solve tests/data/corpus/ambiguous/amb_sum_4x4.spec
