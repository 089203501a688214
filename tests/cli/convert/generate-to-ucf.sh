# README: 100 generated puzzles as one UCF file, both ways (here 3).
cdok -T -s 9 --seed 1 --count 3 generate | cdok convert --to ucf > "$CASE_TMP/a"
cdok -T -s 9 --seed 1 --count 3 --to ucf generate > "$CASE_TMP/b"
cmp "$CASE_TMP/a" "$CASE_TMP/b" && cat "$CASE_TMP/a"
