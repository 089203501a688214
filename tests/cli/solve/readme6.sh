# README: the solution as a spec, its drawing and the summary line.
cdok -u solve examples/readme6.spec
