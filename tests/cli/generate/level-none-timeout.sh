# A --timeout that is not reached takes no blame: with sums only, no
# 4 x 4 puzzle is Hard, and the run says so (issue 30).
cdok -s 4 --ops add --level h --seed 22 --timeout 1000 generate
