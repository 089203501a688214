cdok print --timeout 5 examples/readme6.spec
