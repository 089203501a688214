# A bad value names the option as it was typed (it once said "for
# -\x05", an internal code, when the value was a separate argument).
for args in '--seed -5' '--count 0' '--max-cage 0' '--count=0' '-s 0' \
	'--size 99' '-Tjx'; do
	cdok $args generate
	echo "$args: $?"
done
