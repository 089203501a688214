# README example: bad input names the file, line and column (status 3).
cdok print tests/data/corpus/invalid/malformed_jagged.spec
