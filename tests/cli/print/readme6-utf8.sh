# README: cdok -u print examples/readme6.spec
cdok -u print examples/readme6.spec
