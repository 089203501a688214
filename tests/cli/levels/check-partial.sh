# check on a partial grid: no mistakes so far and how many cells are
# empty (status 0), or the mistakes against the solution (status 7).
cd "$CASE_TMP" || exit 1
P="$OLDPWD/examples/readme6.spec"
printf '6 4 5 2 1 3\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . 1\n' > partial.txt
cdok check "$P" partial.txt
echo "status $?"
printf '6 4 5 2 1 3\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . 2\n' > partial.txt
cdok check "$P" partial.txt
echo "status $?"
