# The forums' 81-character Killer line, told from the text: TAREK_ALL #22
# has its centre in no cage, drawn with borders and no clue.
sed -n 22p tests/data/iss_killers/tarek_all.txt | cdok print
