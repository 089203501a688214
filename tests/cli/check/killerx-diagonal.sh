# Killer X: a grid whose rows, columns and boxes are right breaks the
# diagonals.
printf '@boxes 2x2\n@diagonals\n. . . .\n. . . .\n. . . .\n. . . .\n' > "$CASE_TMP/x.spec"
printf '1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n' > "$CASE_TMP/x.sol"
cdok check "$CASE_TMP/x.spec" "$CASE_TMP/x.sol"
