# -u solve --all on a puzzle with one solution: the grid drawn in
# UTF-8, then the count.
cdok -u solve --all tests/data/corpus/cdok-reference/ex6.spec
