#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# memtype-logcheck against hand-written logs: a good interleaving passes,
# a wrong answer is named, malformed or incomplete logs are refused.
cd "$(dirname "$0")" || exit 1
tool=./memtype-logcheck
pass=0
fail=0
n=0

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

# expect NAME STATUS PATTERN: run the tool on $tmp, check status and output
expect() {
	n=$((n + 1))
	out=$($tool "$tmp" 2>&1)
	rc=$?
	if [ "$rc" = "$2" ] && printf '%s\n' "$out" | grep -q -- "$3"; then
		echo "ok $n - $1"
		pass=$((pass + 1))
	else
		echo "not ok $n - $1 (status $rc, output: $out)"
		fail=$((fail + 1))
	fi
}

good='[    1.000] # memtype_log: begin 9
    # memtype_log: 0 0 s fd000000 fe000000 wc => ok
    # memtype_log: 1 1 r fd000000 fd001000 uc- => ok wc
    # memtype_log: 2 0 s fd000000 fd001000 uc => ebusy
    # memtype_log: 3 1 l fd000800 => wc
    # memtype_log: 4 1 f fd000000 fd001000 => ok
    # memtype_log: 5 0 f 1000 2000 => einval
    # memtype_log: 6 1 r 4000000000 4000002000 uc => ok uc
    # memtype_log: 7 0 l 5000000000 => none
    # memtype_log: 8 0 f 4000001000 4000002000 => ok
    # memtype_log: end 9'

printf '%s\n' "$good" >"$tmp"
expect "valid two-CPU log" 0 \
	"9 ops from 2 CPUs replayed, all answers match"
printf '%s\r\n' "$good" >"$tmp"
expect "CRLF line ends" 0 "all answers match"
printf '%s\n' "$good" | sed 's/3 1 l fd000800 => wc/3 1 l fd000800 => uc-/' >"$tmp"
expect "wrong lookup answer" 1 "mismatch at seq 3 (cpu 1)"
printf '%s\n' "$good" | sed 's/=> ok wc/=> ok uc-/' >"$tmp"
expect "wrong reserve answer" 1 "mismatch at seq 1"
printf '%s\n' "$good" | sed 's/=> ebusy/=> ok/' >"$tmp"
expect "conflict the kernel missed" 1 "mismatch at seq 2"
printf '%s\n' "$good" | sed '/ 4 1 f /d' >"$tmp"
expect "missing entry" 2 "sequence 5 where 4 was due"
printf '%s\n' "$good" | sed 's/ 6 1 r / 5 1 r /' >"$tmp"
expect "duplicate sequence number" 2 "sequence 5 where 6 was due"
printf '%s\n' "$good" | sed '/end 9/d' >"$tmp"
expect "no end line" 2 "log incomplete"
printf '%s\n' "$good" | sed 's/end 9/end 10/' >"$tmp"
expect "end count disagrees" 2 "log incomplete"
printf '%s\n' "$good" | sed 's/7 0 l 5000000000 => none/7 0 x y => z/' >"$tmp"
expect "garbage entry" 2 "unknown operation"
printf '%s\n' "$good" | sed 's/ wc => ok$/ zz => ok/' >"$tmp"
expect "unknown mode" 2 "unknown mode"
printf 'no log here\n' >"$tmp"
expect "transcript without a log" 2 "no \"begin\""

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
