cdok -u
