# README: the example's spec, a blank line, the ASCII drawing.
cdok print examples/readme6.spec
