#!/bin/sh
# run.sh MODE SECONDS BUILD TARGET -- run one fuzz target built by
# `make fuzz` (BUILD/fuzz_TARGET) on its seeds (BUILD/seeds/TARGET) and
# print one line: what it ran, or where its finding is.
#
#   replay every seed through the target once, and nothing else (SECONDS
#          is not used): the same work on every run, with no time limit
#          at all, so that only a finding can fail it, however busy the
#          machine.  This is what `make check` runs.
#   smoke  a short run from the seeds alone, with a fixed random seed so
#          that it behaves the same every time; its corpus is thrown away.
#   long   a run that keeps what it finds in BUILD/corpus/TARGET, so
#          each long run starts where the last one stopped.
#
# The whole libFuzzer log is kept in BUILD/logs/TARGET.MODE.log; a
# finding's input is saved as BUILD/artifacts/TARGET-crash-... (or
# -leak-, -timeout-, -oom-).  Exits non-zero on a finding.
set -eu

mode=${1:?usage: run.sh smoke|long SECONDS BUILD TARGET}
secs=${2:?}
build=${3:?}
target=${4:?}
bin=$build/fuzz_$target
log=$build/logs/$target.$mode.log

mkdir -p "$build/logs" "$build/artifacts" "$build/seeds/$target"

if [ "$mode" = replay ]; then
	# Named files are run once each, not fuzzed.  -timeout=0: no
	# input is ever too slow.  xargs fails if any run fails.
	# FUZZ_REPLAY_EVERY=N (make check: 4) keeps every regression input
	# and seed of fuzz/seeds/ but only every Nth of the corpus seeds, in
	# name order: the same sample on every run.  The test suite runs
	# the whole corpus under the sanitizers anyway; CI replays all.
	every=${FUZZ_REPLAY_EVERY:-1}
	list=$build/logs/$target.replay.list
	find "$build/seeds/$target" -type f | LC_ALL=C sort |
		awk -v n="$every" '/_regress_|fuzz_seeds_/ || (NR - 1) % n == 0' \
		>"$list"
	inputs=$(wc -l <"$list")
	total=$(find "$build/seeds/$target" -type f | wc -l)
	status=0
	xargs -r "$bin" -timeout=0 -rss_limit_mb=2048 \
		-artifact_prefix="$build/artifacts/$target-" <"$list" \
		>"$log" 2>&1 || status=$?
	if grep -q 'nothing to fuzz' "$log"; then
		echo "fuzz replay: $target: skipped" \
			"($(grep 'nothing to fuzz' "$log"))"
		exit 0
	fi
	ran=$(grep -c '^Executed ' "$log" || true)
	if [ "$status" -ne 0 ] || [ "$ran" -ne "$inputs" ]; then
		echo "fuzz replay: $target: FINDING (exit $status, $ran of" \
			"$inputs inputs run); log $log:"
		grep -E 'ERROR|SUMMARY|check failed|Test unit written|Running' \
			"$log" | tail -20 | sed 's/^/    /'
		exit 1
	fi
	if [ "$inputs" -eq "$total" ]; then
		echo "fuzz replay: $target: ok, $inputs inputs"
	else
		echo "fuzz replay: $target: ok, $inputs of $total inputs" \
			"(every ${every}th corpus seed, every regression)"
	fi
	exit 0
fi
# A unit that runs longer than unit_timeout seconds is a finding (a
# hang).  Long runs allow more: a slow unit then is worth knowing about
# but should not end hours of fuzzing on a busy machine.
case $mode in
smoke)
	work=$build/smoke/$target
	rm -rf "$work"
	extra=-seed=1
	unit_timeout=${FUZZ_UNIT_TIMEOUT:-5}
	;;
long)
	work=$build/corpus/$target
	extra=
	unit_timeout=${FUZZ_UNIT_TIMEOUT:-20}
	;;
*)
	echo "run.sh: unknown mode '$mode'" >&2
	exit 2
	;;
esac
mkdir -p "$work"

# -rss_limit_mb: using this much memory is a finding too.
status=0
"$bin" -max_total_time="$secs" -timeout="$unit_timeout" -rss_limit_mb=2048 \
	-print_final_stats=1 -artifact_prefix="$build/artifacts/$target-" \
	$extra "$work" "$build/seeds/$target" >"$log" 2>&1 || status=$?
[ "$mode" = smoke ] && rm -rf "$work"

if grep -q 'nothing to fuzz' "$log"; then
	echo "fuzz $mode: $target: skipped ($(grep 'nothing to fuzz' "$log"))"
	exit 0
fi
if [ "$status" -ne 0 ]; then
	echo "fuzz $mode: $target: FINDING (exit $status); log $log:"
	grep -E 'ERROR|SUMMARY|check failed|Test unit written' "$log" |
		head -20 | sed 's/^/    /'
	exit 1
fi
# libFuzzer's last status line: "#RUNS DONE cov: N ft: N corp: ...
# exec/s: N rss: ...".
done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1 |
	sed 's/^#\([0-9]*\)[[:space:]]*DONE[[:space:]]*/\1 runs, /')
echo "fuzz $mode: $target: ok, ${secs}s: $done_line"
