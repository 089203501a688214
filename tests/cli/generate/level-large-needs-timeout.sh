# A level on a Calcudoku grid above 32 x 32 can take minutes: refused at
# once without --timeout, with the reason (issue 30).
cdok -s 48 --level x --seed 2 generate
