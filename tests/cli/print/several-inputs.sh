# Several inputs: each output starts with a header line.
cdok print --from keen tests/data/corpus/keen/keen_3e_01.keen tests/data/corpus/keen/keen_4e_01.keen
