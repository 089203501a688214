# A level message names the kind asked for: --sudoku's levels are
# Sudoku's, not "Killer Sudoku" (issue 42).
cdok --sudoku --level hard generate
echo "status $?"
cdok --killer --level hard generate
echo "status $?"
cdok --level trivial generate
echo "status $?"
