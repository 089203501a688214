# An input without a unique solution: a warning, and a puzzle.
cdok --seed 2 harden tests/data/corpus/ambiguous/amb_sum_4x4.spec
