# The fork's Nylimb puzzle read with -N: the spec starts with @nylimb.
cdok -N print --to spec tests/data/corpus/nylimb/GC7WQR5.puz
