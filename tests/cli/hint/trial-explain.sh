# A trial step shows the contradiction each other candidate reaches, a
# few links a person can check one at a time (issue 39).
cdok explain --all-steps tests/data/corpus/keen/keen_5u_03.keen | grep 'Trial'
cdok explain tests/data/corpus/keen/keen_4u_02.keen | grep 'Trial'
