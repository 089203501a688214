# A text that almost fits the Sudoku line is read as one and told its
# rule (issue 43): 80 cells where Sudoku needs 81, with or without
# --from; a note after the cells (' # ...') is skipped; a '#' that
# touches the cells is blamed, not the space before it.
L=..6.35.2...54.......4...97..89.4.25..5.3.8.1..31.2.68..23...1.......38...4.29.5..
S=${L%?}
echo "$S" | cdok examine 2>&1; echo "status $?"
echo "$S" | cdok --from sudoku examine 2>&1; echo "status $?"
echo "$L # from a newspaper" | cdok examine 2>&1; echo "status $?"
echo "$L	#7" | cdok --from sudoku examine 2>&1; echo "status $?"
echo "$L#7" | cdok examine 2>&1; echo "status $?"
