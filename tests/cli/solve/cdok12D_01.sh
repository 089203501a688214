# The original cdok's examples (tests/data/corpus/cdok-reference/).
cdok solve tests/data/corpus/cdok-reference/cdok12D_01.spec
