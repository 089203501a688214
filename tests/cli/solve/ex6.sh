# The original cdok's examples (tests/data/corpus/cdok-reference/).
cdok solve tests/data/corpus/cdok-reference/ex6.spec
