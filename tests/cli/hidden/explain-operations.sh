# A hidden operator's cage of two cells: which operation each way of
# filling it uses, the one skill that puzzle type teaches (issue 39).
cdok -s 6 --hide-ops --seed 5 generate > "$CASE_TMP/h6.txt"
cdok explain --all-steps "$CASE_TMP/h6.txt" | sed -n '2p;5p'
# A cage of three cells or more: the sets of values each operation
# makes.
cdok -s 5 --hide-ops --seed 7 generate > "$CASE_TMP/h5.txt"
cdok explain --all-steps "$CASE_TMP/h5.txt" | sed -n '3p'
