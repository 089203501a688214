# A puzzle without a solution: said on standard error, status 1.
cdok solve tests/data/corpus/invalid/nosol_6x6.spec
