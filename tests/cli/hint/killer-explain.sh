# Killer steps in Killer words, with their arithmetic: the 45 rule and
# a cage's last cell (every step), and the tutor's first steps.
cdok explain --all-steps tests/data/corpus/killer/killer_ka_01.solo |
	sed -n '1,3p;92,94p'
cdok explain tests/data/corpus/killer/killer_ka_01.solo | sed -n '1,2p;5p'
