# README example.
cdok examine tests/data/corpus/ambiguous/amb_sum_4x4.spec
