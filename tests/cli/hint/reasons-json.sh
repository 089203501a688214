# Every step carries its reasons as data: for each removal and
# placement, what blocks or forces it (issue 39): the first reason of
# each of the first steps, the arithmetic of a two-cell cage among them.
cdok --to json explain examples/readme6.spec |
	grep -o '"reasons":\[{[^}]*}' | head -3
cdok --to json explain --all-steps examples/readme6.spec |
	grep -o '{[^{}]*would need[^{}]*}' | head -2
