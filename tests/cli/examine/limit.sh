# README example: --limit counts the solutions.
cdok examine --limit 10 tests/data/corpus/ambiguous/amb_sum_4x4.spec
