# A puzzle with several solutions has no next step: status 2, as explain.
cdok hint tests/data/corpus/ambiguous/amb_6x6.spec
