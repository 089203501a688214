# Lines starting with '#' are comments, wherever they are in a spec.
{
	echo '# The README puzzle, with notes of its own.'
	echo
	head -3 examples/readme6.spec
	echo '   # (halfway)'
	tail -3 examples/readme6.spec
	echo '# the end'
} > "$CASE_TMP/commented.spec"
cdok examine "$CASE_TMP/commented.spec"
