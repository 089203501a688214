# README: the contest's answers.
cdok solve --to ucf tests/data/corpus/ucf/sample.in
