# README example.
cdok examine tests/data/corpus/invalid/nosol_6x6.spec
