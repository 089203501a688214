# A plain Sudoku as Solo writes it (sgt-solo --generate 1 3x3dt), as a
# line, as cdok's spec (. for an empty cell), and back.
echo '3x3:b6a3_5a2c5_4g4c9_7b8_9a4a2_5b5a3a8a1b3_1a2a6_8b2_3c1g3_8c4a2_9a5b' > "$CASE_TMP/p.solo"
cdok convert --to sudoku "$CASE_TMP/p.solo" | tee "$CASE_TMP/p.txt"
cdok convert --to spec "$CASE_TMP/p.txt" | tee "$CASE_TMP/p.spec"
cdok convert --to solo "$CASE_TMP/p.spec"
cdok -u print "$CASE_TMP/p.txt"
