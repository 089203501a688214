# Solving lines of a file: the solution as a line, its level, and the
# count of a puzzle with several solutions.
cd "$CASE_TMP"
printf '%s\n' ..4...3..2...4.. '1.....1.........' > p.txt
cdok solve --to sudoku p.txt
cdok examine p.txt
cdok solve --to json --limit 100 p.txt | sed 's/"timings":{[^}]*}/"timings":{T}/'
