# README: every broken rule, status 7.
cdok check examples/readme6.spec examples/readme6-wrong.txt
