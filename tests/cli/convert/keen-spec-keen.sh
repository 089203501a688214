# A Keen ID through the spec and back is the original.
cdok convert --to spec tests/data/corpus/keen/keen_9u_01.keen | cdok convert --to keen
