cdok solve --timeout 0 examples/readme6.spec
