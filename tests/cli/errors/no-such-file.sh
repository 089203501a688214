# A file that cannot be opened: status 5.
cdok print tests/no-such-file.spec
