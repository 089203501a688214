# A cage step of a few removals says what rules each out: the value the
# cage's other cell would need and where it already is, or the sum's
# arithmetic (issue 39).
cdok explain --all-steps tests/data/corpus/keen/keen_9h_01.keen | sed -n '31p'
cdok explain --all-steps tests/data/corpus/killer/killer_ka_01.solo | sed -n '6p'
# Two values held in one unit name the unit once.
cdok explain tests/data/corpus/keen/keen_6n_02.keen | grep ') and its [0-9]'
