# A placing hint on a solved grid: status 9, as hint.
cdok hint --place --state tests/data/corpus/keen/keen_6n_01.sol \
	tests/data/corpus/keen/keen_6n_01.keen
