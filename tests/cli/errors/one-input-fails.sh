# An input that fails does not stop the others; the status is the
# largest.
cdok examine examples/readme6.spec tests/data/corpus/invalid/malformed_jagged.spec tests/data/corpus/ambiguous/amb_sum_4x4.spec
