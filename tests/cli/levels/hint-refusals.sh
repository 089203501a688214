# No next step on a puzzle with no solution or several: status 1 or 2
# and a sentence, as explain; a Nylimb puzzle read without -N is a
# puzzle with no solution, and with -N it is not graded by technique.
# --level is for hint and explain, on the puzzle's own scale.
A=tests/data/corpus/ambiguous/amb_6x6.spec
N=tests/data/corpus/nylimb/GC7WQR5.puz
cdok hint $A
echo "hint ambiguous: $?"
cdok hint --apply $A
echo "hint --apply ambiguous: $?"
cdok hint --to json $A > "$CASE_TMP/out"
echo "hint json ambiguous: $?"
sed 's/"timings":{[^}]*}/"timings":{T}/g' "$CASE_TMP/out"
cdok hint $N
echo "hint nylimb as plain: $?"
cdok explain $N
echo "explain nylimb as plain: $?"
cdok -N hint $N
echo "hint -N: $?"
cdok solve --level hard examples/readme6.spec
echo "solve --level: $?"
cdok hint --level trivial examples/readme6.spec
echo "hint --level trivial: $?"
