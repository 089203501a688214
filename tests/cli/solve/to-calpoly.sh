# README: the course's answers.
cdok solve --to calpoly tests/data/corpus/calpoly/gen01.in
