# A guessed format's error says which format it was read as, and the
# message is that format's (not "unexpected character ':'" of a spec);
# named with --from, there is no note.  UCF's end mark has its position
# (issue 17); a Keen random-seed ID is not a puzzle, but the parameters
# before a game ID's ':' are read past; a byte-order mark is skipped and
# columns count from after it.  Nothing goes to standard output.
printf '6:abc\n' | cdok examine
echo "keen: $?"
printf '0 0\n0\n' | cdok examine
echo "ucf end mark: $?"
printf '3 2\naab\nab\n' | cdok examine
echo "ucf row: $?"
printf '3\n0\n' | cdok examine
echo "calpoly: $?"
printf 'A+3\tA\n1\t3\n' | cdok examine
echo "spec: $?"
printf 'A+3\tA\n1\t3\n' | cdok --from spec examine
echo "--from spec: $?"
printf '0\n' | cdok --from ucf examine
echo "--from ucf end mark: $?"
printf '\n  0 0\n' | cdok --from ucf examine
echo "--from ucf end mark, line 2: $?"
printf '6dh#12345\n' | cdok examine
echo "random-seed ID: $?"
printf '3dhm:a_3aab_,s1m3m3a5\n' | cdok examine
echo "parameters before ':': $?"
printf '\357\273\277A+3\tA\n1\t3\n' | cdok examine
echo "mark, spec: $?"
printf '\357\273\277A+3\tA!\n' | cdok examine
echo "mark, column: $?"
