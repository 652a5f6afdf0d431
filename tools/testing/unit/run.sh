#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Run host unit-test programs as one sequence: their "ok N" lines are
# numbered on from one program to the next, a program that dies without
# finishing counts as one more failure, a case that skipped ("ok N - x
# # SKIP") counts as skipped, not passed, and the last line is the only
# "N passed, N failed, N skipped" line.  The exit status is 1 when
# anything failed.
#
#	run.sh ./test_a ./test_b "./script arg" ...
#
# Each program is run with "-n N", its first case's number; a program
# given with arguments (a script and its target) is split on spaces.

passed=0
failed=0
skipped=0
next=1
log=$(mktemp) || exit 2
trap 'rm -f "$log"' EXIT

for prog in "$@"; do
	# shellcheck disable=SC2086
	$prog -n "$next" >"$log" 2>&1
	rc=$?
	cat "$log"
	p=$(grep -c '^ok ' "$log")
	s=$(grep -c '^ok .* # SKIP' "$log")
	f=$(grep -c '^not ok ' "$log")
	next=$((next + p + f))
	passed=$((passed + p - s))
	skipped=$((skipped + s))
	failed=$((failed + f))
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		# died outside any case, or reported nothing
		echo "not ok $next - ${prog##*/} (exit status $rc)"
		next=$((next + 1))
		failed=$((failed + 1))
	fi
done

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
