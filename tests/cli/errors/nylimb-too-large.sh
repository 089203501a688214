# -N on a puzzle over 10 x 10: refused with its position.
cdok -N print tests/data/corpus/cdok-reference/cdok12D_01.spec
