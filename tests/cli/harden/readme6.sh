# README: new cages, same solution.
cdok --seed 3 harden examples/readme6.spec
