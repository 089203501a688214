# harden keeps a plain Sudoku plain (its boxes, givens, no cages) and
# makes it at a level; --killer makes a Killer Sudoku of its solution.
printf '%s\n' ..6.35.2...54.......4...97..89.4.25..5.3.8.1..31.2.68..23...1.......38...4.29.5.. > "$CASE_TMP/p.txt"
cdok --seed 1 harden --level extreme --to sudoku "$CASE_TMP/p.txt"
cdok --seed 1 --killer harden --to solo "$CASE_TMP/p.txt"
