# Without -N the fork's Nylimb puzzle is a plain one, and has no
# solution (its clues need values up to 89); with -N it solves, its
# two-digit values centred in their cells like the others.
cdok solve tests/data/corpus/nylimb/GC7WQR5.puz
echo "status $?"
cdok -N solve tests/data/corpus/nylimb/GC7WQR5.puz | grep -F '| 40  :  8  |'
