# The difficulty line has the level and its score, on each kind's own
# scale; Nylimb puzzles are not graded by technique.
cdok examine tests/data/corpus/keen/keen_9h_01.keen tests/data/corpus/killer/killer_ka_01.solo
echo "status $?"
cdok -N examine tests/data/corpus/nylimb/GC7WQR5.puz
echo "status $?"
