# --limit 1: a solution was found, uniqueness not asked (status 8).
cdok solve --limit 1 tests/data/corpus/ambiguous/amb_sum_4x4.spec
