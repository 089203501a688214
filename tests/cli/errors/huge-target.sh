# Targets up to 64 bits are read and answered (here: no solution).
printf 'A+9223372036854775807\tA\nB+3\tB\n' | cdok examine
