# The next value to write in a grid without pencil marks, and the state
# after it: values only, the step as a '#' line first.
printf '%s\n' '{1234} . . . . .' '. . . . . .' '. . . . . .' \
	'. . . . . .' '. . . . . .' '. . . . . .' |
	cdok hint --place --apply --state - examples/readme6.spec
