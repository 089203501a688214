#!/bin/sh
# reach.sh CDOK [TIMEOUT] -- where generate --level makes each level:
# one line per run, "scale size level seed status wall-seconds
# cpu-seconds message", each run bounded by --timeout TIMEOUT (default
# 60) so that a level that cannot be made, or only slowly, costs at most
# that.  On a busy machine the wall time grows and the CPU time does
# not: compare CPU times with the bar.  The figures are
# bench/RESULTS.md's ("Where each level is made").  Runs one after the
# other; RUNS="killer:16:t:1 plain:32:e:2 ..." picks the runs.
set -u
cdok=${1:?usage: reach.sh CDOK [TIMEOUT]}
limit=${2:-60}
RUNS=${RUNS:-"
killer:9:t:1 killer:9:t:2 killer:9:t:3
killer:12:t:1 killer:12:t:2 killer:12:t:3
killer:16:t:1 killer:16:t:2 killer:16:t:3
killer:16:b:1 killer:16:b:2 killer:16:b:3 killer:16:i:1
killer:25:t:1 killer:25:b:1 killer:25:i:1 killer:25:a:1 killer:25:e:1
killer:25:u:1
plain:28:e:1 plain:28:e:2 plain:28:n:1 plain:28:n:2
plain:32:h:1 plain:32:h:2 plain:32:x:1 plain:32:x:2 plain:32:u:1
plain:32:u:2
"}
tmp=${TMPDIR:-/tmp}/reach.$$
for run in $RUNS; do
	IFS=: read -r scale size level seed <<EOR
$run
EOR
	flag=
	[ "$scale" = killer ] && flag=--killer
	/usr/bin/time -f '%e %U %S' -o "$tmp.time" "$cdok" $flag -s "$size" \
		--level "$level" --seed "$seed" --timeout "$limit" generate \
		>/dev/null 2>"$tmp.err"
	status=$?
	# time writes "Command exited with non-zero status N" first then.
	read -r wall user sys <<EOT
$(tail -n 1 "$tmp.time")
EOT
	printf '%s %s %s %s %s %s %s %s\n' "$scale" "$size" "$level" "$seed" \
		"$status" "$wall" "$(awk "BEGIN { print $user + $sys }")" \
		"$(grep -v '^Command' "$tmp.err" | sed 's/^cdok: //' |
		   head -c 100)"
done
rm -f "$tmp.time" "$tmp.err"
