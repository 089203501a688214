# README: play it in Keen.
cdok convert --to keen examples/readme6.spec
