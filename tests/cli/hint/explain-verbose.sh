# The first line of explain is the level and the count; -v adds the
# finer score and the difficulty (issue 39).
cdok explain examples/readme6.spec | head -1
cdok explain -v examples/readme6.spec | head -1
