# The summary line only.
cdok examine tests/data/corpus/cdok-reference/ex6.spec
