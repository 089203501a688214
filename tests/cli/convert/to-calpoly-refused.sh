# README: a puzzle the format cannot hold is named, with the reason.
cdok convert --to calpoly examples/readme6.spec
