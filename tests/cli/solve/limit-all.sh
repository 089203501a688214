# --all prints every solution, then the count.
cdok solve --all tests/data/corpus/ambiguous/amb_sum_4x4.spec
