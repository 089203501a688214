cdok frobnicate examples/readme6.spec
