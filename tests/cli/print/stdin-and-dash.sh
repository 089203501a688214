# Standard input, '-' and -i name the same puzzle.
cdok print --to keen < examples/readme6.spec
cdok print --to keen - < examples/readme6.spec
cdok print --to keen -i examples/readme6.spec
