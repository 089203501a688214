# Barium's JSON to a Solo ID and cdok's spec.
cdok convert --to solo tests/data/corpus/killer/killer_ka_01.json
cdok convert --to spec tests/data/corpus/killer/killer_ka_01.json
