# convert needs --to.
cdok convert examples/readme6.spec
