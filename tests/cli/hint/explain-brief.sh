# The tutor's explanation of a Hard puzzle: rounds of the cages' values
# and the singles they lead to, the steps that set the level marked.
cdok explain tests/data/corpus/keen/keen_6h_01.keen
