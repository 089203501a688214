# The summary line only.
cdok examine tests/data/corpus/cdok-reference/cdok16T_01.spec
