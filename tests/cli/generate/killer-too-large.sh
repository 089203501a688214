# Killer grids above 25 x 25 are refused before any work without --timeout.
cdok --killer -s 30 generate
