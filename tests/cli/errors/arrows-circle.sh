# Marks that go round in a circle reach no cage total: the reader names
# the cell where the circle closes.
echo '><<<<<<<<j<<<<<<<<j<<<<<<<<j<<<<<<<<j<<<<<<<<j<<<<<<<<j<<<<<<<<j<<<<<<<<j<<<<<<<<' |
	cdok print
