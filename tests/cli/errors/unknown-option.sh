cdok -x print examples/readme6.spec
