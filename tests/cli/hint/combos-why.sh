# A cage's combinations are listed with what rules each out (issue 39):
# a unit holding all its open cells has one of the values, or one of its
# cells can hold none of them; then what is left.
cdok explain --all-steps tests/data/corpus/killer/killer_ke_03.solo | grep 'is out as' | head -3
