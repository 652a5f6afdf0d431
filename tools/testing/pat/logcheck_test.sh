#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# memtype-logcheck against hand-written logs, run by "make check": a good
# interleaving passes, a wrong answer is named (exit 1), malformed or
# incomplete logs are refused with exit 2.
# Prints "ok N - name" / "not ok N - name" and "N passed, N failed".
cd "$(dirname "$0")" || exit 1
tool=./memtype-logcheck
pass=0
fail=0
n=0

tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.good"' EXIT

report() {
	n=$((n + 1))
	if [ -z "$2" ]; then
		echo "ok $n - $1"
		pass=$((pass + 1))
	else
		echo "not ok $n - $1 ($2; output: $out)"
		fail=$((fail + 1))
	fi
}

# expect NAME STATUS [PATTERN...]: run the tool on $tmp (with $opts); it
# must exit with STATUS and print every PATTERN (a fixed string)
expect() {
	name=$1
	want=$2
	shift 2
	out=$($tool $opts "$tmp" 2>&1)
	rc=$?
	why=
	[ "$rc" = "$want" ] || why="status $rc, want $want"
	for p in "$@"; do
		printf '%s\n' "$out" | grep -qF -- "$p" ||
			why="${why:+$why, }no \"$p\""
	done
	report "$name" "$why"
}

# Two CPUs, as a KTAP transcript prints them: some lines of other output,
# the seeding "s" entries, then the CPUs' operations interleaved.
cat >"$tmp.good" <<'EOF'
[    0.912] KTAP version 1
    # test_stress: memtype log: 9 operations
[    1.000] # memtype_log: begin 9
    # memtype_log: 0 0 s fd000000 fe000000 wc => ok
    # memtype_log: 1 1 r fd000000 fd001000 uc- => ok wc
    # memtype_log: 2 0 s 00000000fd000000 00000000fd001000 uc => ebusy
    # memtype_log: 3 1 l fd000800 => wc
    # memtype_log: 4 1 f fd000000 fd001000 => ok
    # memtype_log: 5 0 f 1000 2000 => einval
    # memtype_log: 6 1 r 4000000000 4000002000 uc => ok uc
    # memtype_log: 7 0 l 5000000000 => none
    # memtype_log: 8 0 f 4000001000 4000002000 => ok
    # memtype_log: end 9
    ok 5 test_stress
EOF

# edit SED-SCRIPT: $tmp becomes the good log edited
edit() {
	sed "$1" "$tmp.good" >"$tmp"
}

opts=
edit ''
expect "valid two-CPU log" 0 \
	"memtype-logcheck: 9 ops from 2 CPUs replayed, all answers match" \
	"cpu0: 5 ops (r 0, s 2, f 2, l 1)" \
	"cpu1: 4 ops (r 2, s 0, f 1, l 1)" \
	"entries at end: 2"

opts=-q
expect "-q: the summary only" 0 "all answers match"
why="wrong -q output"
[ "$(printf '%s\n' "$out" | head -1)" = \
  "memtype-logcheck: 9 ops from 2 CPUs replayed, all answers match" ] &&
	! printf '%s\n' "$out" | grep -q '^cpu' && why=
report "-q: no per-CPU lines, the summary first" "$why"
opts=

why="status not 0"
out=$($tool <"$tmp.good" 2>&1) && why=
report "log on standard input" "$why"

sed 's/$/\r/' "$tmp.good" >"$tmp"
expect "CRLF line ends" 0 "all answers match"

edit 's/3 1 l fd000800 => wc/3 1 l fd000800 => uc-/'
expect "wrong lookup answer" 1 \
	"mismatch at seq 3 (cpu 1): l fd000800: kernel said uc-, model says wc"
edit 's/=> ok wc/=> ok uc-/'
expect "wrong reserve answer" 1 "mismatch at seq 1 (cpu 1)"
edit 's/=> ebusy/=> ok/'
expect "conflict the kernel missed" 1 "mismatch at seq 2 (cpu 0)"
edit 's/5 0 f 1000 2000 => einval/5 0 f 1000 2000 => ok/'
expect "free of nothing that succeeded" 1 "mismatch at seq 5"

edit '/ 4 1 f /d'
expect "missing entry" 2 ":8: sequence 5 where 4 was due"
edit '/ 8 0 f /d'
expect "missing last entry" 2 "log incomplete: 8 of 9 entries"
edit 's/ 6 1 r / 5 1 r /'
expect "duplicate sequence number" 2 "sequence 5 where 6 was due"
edit '/ 5 0 f /{h;d};/ 6 1 r /G'
expect "out-of-order sequence numbers" 2 "sequence 6 where 5 was due"
edit '/ 8 0 f /a\    # memtype_log: 9 0 l 0 => none'
expect "an entry too many" 2 "too many entries"
edit '/end 9/d'
expect "no end line" 2 "log incomplete: 9 of 9 entries, no \"end\" line"
edit 's/end 9/end 10/'
expect "end count disagrees" 2 "\"end 10\" does not match \"begin 9\""
edit '/end 9/p'
expect "two end lines" 2 "unexpected \"end 9\""
edit '/begin 9/d'
expect "no begin line" 2 "entry outside begin/end"

edit 's/memtype_log: 7 .*/memtype_log: %%% garbage ###/'
expect "garbage line" 2 ":11: no \" => \""
edit 's/7 0 l 5000000000 => none/7 0 x y => z/'
expect "garbage entry" 2 ":11: unknown operation"
edit 's/ wc => ok$/ zz => ok/'
expect "unknown mode" 2 ":4: unknown mode"
edit 's/l 5000000000 => none/l 5000000000 => maybe/'
expect "answer no operation gives" 2 ":11: answer \"maybe\""
edit 's/f 1000 2000/f 2000 1000/'
expect "empty range" 2 ":9: empty range"
edit 's/5 0 f 1000/5 0 f 0x1000/'
expect "hex with 0x" 2 ":9: bad operands"
edit 's/ 3 1 l / 3 1  l /'
expect "doubled space" 2 ":7: unknown operation"
edit 's/ 3 1 l / 3 99 l /'
expect "CPU number out of range" 2 ":7: bad CPU number"
edit 's/memtype_log: 3 /memtype_log:3 /'
expect "no space after the tag" 2 ":7: no space after"

printf 'no log here\n' >"$tmp"
expect "transcript without a log" 2 "no \"begin\" line"
out=$($tool -x 2>&1)
rc=$?
why=
[ "$rc" = 2 ] || why="status $rc, want 2"
report "unknown option" "$why"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
