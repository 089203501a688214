# Option sets that cannot work are usage errors before any work: no seed
# is drawn, no puzzle made, nothing on standard output.
cdok --seed 1 solve examples/readme6.spec
echo "status $?"
cdok -s 9 examine examples/readme6.spec
echo "status $?"
cdok -j 2 harden examples/readme6.spec
echo "status $?"
cdok --to calpoly --ops '+*' generate
echo "status $?"
cdok --to solo generate
echo "status $?"
cdok --to sudoku generate
echo "status $?"
cdok -s 12 --to ucf generate
echo "status $?"
cdok -s 10 --to keen generate
echo "status $?"
cdok --killer --to keen generate
echo "status $?"
cdok -s 9 --max-cage 10 --to keen generate
echo "status $?"
cdok -s 12 --to keen gen-grid
echo "status $?"
