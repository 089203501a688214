# Sums of lines in Calcudoku (issue 39, item 8): where Keen's techniques
# stall, a row adds up to n(n+1)/2 and the cages wholly inside it are
# known, so the cells left make the rest; the step says it goes beyond
# Keen's techniques, the level stays Keen's (Unreasonable, from the
# grade: the same score as examine), and no trial step is left.
cdok explain tests/data/corpus/keen/keen_4u_05.keen | grep -E '^Level|Sum of lines|Trial'
cdok examine tests/data/corpus/keen/keen_4u_05.keen | tail -1
cdok -v explain tests/data/corpus/keen/keen_4u_05.keen | head -1
# The cells sticking out of the lines (outies), by the sum cages they
# lie in.
grep -v '^#' tests/data/line_sums.txt | sed -n 2p | cdok explain - | grep 'Sum of lines'
# Its reasons as data: the sum and where it comes from, then what each
# removal would need; its hint tiers name the lines, not the answer.
cdok --to json explain tests/data/corpus/keen/keen_4u_05.keen |
	grep -o '{[^{}]*"kind":"sum"[^{}]*}' | head -2
cdok --to json explain tests/data/corpus/keen/keen_4u_05.keen |
	grep -o '"where":"[^"]*","what":"Sum of lines[^"]*"'
