# The options for packaging (--completions, --man-section) are not in
# --help; --man-section prints a section of the man page in scdoc.
cdok --help | grep -c -e --completions -e --man-section
cdok --man-section exit > "$CASE_TMP/exit"
echo "status $?"
head -n 2 "$CASE_TMP/exit"
