# An unknown command that is near one gets "did you mean ...?": a typo,
# a swap, a word that starts with a command; one near two commands, or
# near none, gets no guess.
for w in slove solver exam genrate Chekc gen frobnicate; do
	cdok $w examples/readme6.spec
	echo "status $?"
done
cdok help slove
