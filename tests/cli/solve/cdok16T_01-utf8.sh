# The original cdok's examples, drawn with UTF-8.
cdok -u solve tests/data/corpus/cdok-reference/cdok16T_01.spec
