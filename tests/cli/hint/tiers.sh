# A hint in its three tiers: where to look, what to look for, the step.
cdok hint --tier 1 tests/data/corpus/killer/killer_ka_01.solo
cdok hint --tier 2 tests/data/corpus/killer/killer_ka_01.solo
cdok hint tests/data/corpus/killer/killer_ka_01.solo
