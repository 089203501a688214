cdok solve --limit 0 examples/readme6.spec
