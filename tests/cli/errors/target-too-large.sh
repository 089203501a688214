printf 'A+9223372036854775808\tA\n' | cdok examine
