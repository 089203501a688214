# A UCF file through JSON and back is the original, byte for byte.
cdok convert --to json tests/data/corpus/ucf/sample.in | cdok convert --to ucf | cmp - tests/data/corpus/ucf/sample.in && echo same
