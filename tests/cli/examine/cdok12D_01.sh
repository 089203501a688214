# The summary line only.
cdok examine tests/data/corpus/cdok-reference/cdok12D_01.spec
