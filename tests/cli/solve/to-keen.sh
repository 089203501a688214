# A Keen ID holds no solution: a usage error.
cdok solve --to keen examples/readme6.spec
