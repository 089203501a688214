# README: the fork's own puzzle.
cdok -N solve tests/data/corpus/nylimb/GC7WQR5.puz
