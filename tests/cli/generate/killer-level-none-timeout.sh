# The same for Killer: this seed makes no Extreme 6 x 6, well within
# the --timeout, and the message says that, not "gave up" (issue 30).
cdok --killer -s 6 --level e --seed 1 --timeout 1000 generate
