# --benchmark adds a text line after each answer: refused where text
# cannot go (--to json) and on a command that solves nothing.
cdok examine --benchmark --to json tests/data/corpus/keen/keen_6h_01.spec
echo "status $?"
cdok print --benchmark tests/data/corpus/keen/keen_6h_01.spec
echo "status $?"
