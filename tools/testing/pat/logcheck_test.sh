#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# memtype-logcheck against hand-written logs, run by "make check": a good
# interleaving passes, a wrong answer is named (exit 1), malformed or
# incomplete logs are refused with exit 2 naming the line.  Tree operations
# (r s f l) first, then the RAM path's (p q m) mixed with them, then the
# reference-count limit of a RAM page.
# Prints "ok N - name" / "not ok N - name" and "N passed, N failed".
cd "$(dirname "$0")" || exit 1
tool=./memtype-logcheck
pass=0
fail=0
n=0

tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.good" "$tmp.ram" "$tmp.full"' EXIT

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

# edit SED-SCRIPT: $tmp becomes the good log $base edited
base=$tmp.good
edit() {
	sed "$1" "$base" >"$tmp"
}

opts=
edit ''
expect "valid two-CPU log" 0 \
	"memtype-logcheck: 9 ops from 2 CPUs replayed, all answers match" \
	"cpu0: 5 ops (r 0, s 2, f 2, l 1, p 0, q 0, m 0)" \
	"cpu1: 4 ops (r 2, s 0, f 1, l 1, p 0, q 0, m 0)" \
	"entries at end: 2" "RAM pages reserved at end: 0"

opts=-q
expect "-q: the summary only" 0 "all answers match"
why="wrong -q output"
[ "$(printf '%s\n' "$out" | head -1)" = \
  "memtype-logcheck: 9 ops from 2 CPUs replayed, all answers match" ] &&
	! printf '%s\n' "$out" | grep -q '^cpu' && why=
report "-q: no per-CPU lines, the summary first" "$why"
opts=

out=$($tool <"$tmp.good" 2>&1)
rc=$?
why=
[ "$rc" = 0 ] || why="status $rc, want 0"
printf '%s\n' "$out" | grep -qF "9 ops from 2 CPUs replayed, all answers match" ||
	why="${why:+$why, }no summary"
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

# The RAM path: per-page reservations, mixed with tree operations.  The
# seed: the tree's entry as an "s" line, then RAM page 1000000 held twice
# WC and page 1003000 once UC-, one "p" line per reference.  Entry SEQ is
# on line SEQ + 3.
cat >"$tmp.ram" <<'EOF'
[    2.000] KTAP version 1
    # memtype_log: begin 18
    # memtype_log: 0 0 s fd000000 fe000000 uc- => ok
    # memtype_log: 1 0 p 1000000 1001000 wc => ok
    # memtype_log: 2 0 p 1000000 1001000 wc => ok
    # memtype_log: 3 0 p 1003000 1004000 uc- => ok
    # memtype_log: 4 1 p 1000000 1002000 wc => ok
    # memtype_log: 5 2 p 1001000 1004000 wc => ebusy
    # memtype_log: 6 2 m 1002000 => wb
    # memtype_log: 7 1 m 1000000 => wc
    # memtype_log: 8 0 q 1000000 1003000 => einval
    # memtype_log: 9 1 q 1000000 1002000 => ok
    # memtype_log: 10 2 m 1001000 => wb
    # memtype_log: 11 2 p 1001000 1002000 uc => ok
    # memtype_log: 12 0 r fd000000 fd001000 wc => ok uc-
    # memtype_log: 13 1 q 1003000 1004000 => ok
    # memtype_log: 14 1 q 1003000 1004000 => einval
    # memtype_log: 15 2 m 1003000 => wb
    # memtype_log: 16 0 l fd000000 => uc-
    # memtype_log: 17 0 m 1000000 => wc
    # memtype_log: end 18
EOF
base=$tmp.ram

edit ''
expect "valid log with the RAM path" 0 \
	"memtype-logcheck: 18 ops from 3 CPUs replayed, all answers match" \
	"cpu0: 8 ops (r 1, s 1, f 0, l 1, p 3, q 1, m 1)" \
	"cpu1: 5 ops (r 0, s 0, f 0, l 0, p 1, q 3, m 1)" \
	"cpu2: 5 ops (r 0, s 0, f 0, l 0, p 2, q 0, m 3)" \
	"entries at end: 2" "RAM pages reserved at end: 2"

# a wrong answer of each kind, for each operation
edit 's/4 1 p 1000000 1002000 wc => ok/4 1 p 1000000 1002000 wc => ebusy/'
expect "p: ebusy for pages free or held WC" 1 \
	"mismatch at seq 4 (cpu 1): p 1000000 1002000 wc: kernel said ebusy, model says ok"
edit 's/5 2 p 1001000 1004000 wc => ebusy/5 2 p 1001000 1004000 wc => ok/'
expect "p: ok over a page held UC-" 1 \
	"mismatch at seq 5 (cpu 2): p 1001000 1004000 wc: kernel said ok, model says ebusy"
edit 's/5 2 p 1001000 1004000 wc => ebusy/5 2 p 1001000 1004000 wc => enospc/'
expect "p: enospc for a conflict" 1 \
	"mismatch at seq 5 (cpu 2): p 1001000 1004000 wc: kernel said enospc, model says ebusy"
edit 's/11 2 p 1001000 1002000 uc => ok/11 2 p 1001000 1002000 uc => ebusy/'
expect "p: ebusy for a page released to no reference" 1 \
	"mismatch at seq 11 (cpu 2): p 1001000 1002000 uc: kernel said ebusy, model says ok"
edit 's/3 0 p 1003000 1004000 uc- => ok/3 0 p 1003000 1004000 uc- => enospc/'
expect "p: enospc in the seed" 1 \
	"mismatch at seq 3 (cpu 0): p 1003000 1004000 uc-: kernel said enospc, model says ok"
edit 's/14 1 q 1003000 1004000 => einval/14 1 q 1003000 1004000 => ok/'
expect "q: release of an unreserved page answered ok" 1 \
	"mismatch at seq 14 (cpu 1): q 1003000 1004000: kernel said ok, model says einval"
edit 's/8 0 q 1000000 1003000 => einval/8 0 q 1000000 1003000 => ok/'
expect "q: ok with one page of the range unreserved" 1 \
	"mismatch at seq 8 (cpu 0): q 1000000 1003000: kernel said ok, model says einval"
edit 's/9 1 q 1000000 1002000 => ok/9 1 q 1000000 1002000 => einval/'
expect "q: einval for reserved pages" 1 \
	"mismatch at seq 9 (cpu 1): q 1000000 1002000: kernel said einval, model says ok"
edit 's/7 1 m 1000000 => wc/7 1 m 1000000 => uc-/'
expect "m: wrong mode" 1 \
	"mismatch at seq 7 (cpu 1): m 1000000: kernel said uc-, model says wc"
edit 's/10 2 m 1001000 => wb/10 2 m 1001000 => wc/'
expect "m: a page released to no reference is WB again" 1 \
	"mismatch at seq 10 (cpu 2): m 1001000: kernel said wc, model says wb"
edit 's/6 2 m 1002000 => wb/6 2 m 1002000 => wc/'
expect "m: a page never reserved is WB" 1 \
	"mismatch at seq 6 (cpu 2): m 1002000: kernel said wc, model says wb"
edit 's/3 0 p 1003000 1004000 uc- => ok/3 0 m 1003000 => wb/'
expect "a seed without page 1003000: its conflict goes missing" 1 \
	"mismatch at seq 5 (cpu 2): p 1001000 1004000 wc: kernel said ebusy, model says ok"
edit 's/0 0 s fd000000 fe000000 uc- => ok/0 0 s 1000000 1001000 uc => ok/;s/12 0 r fd000000 fd001000 wc => ok uc-/12 0 r fd000000 fd001000 wc => ok wc/;s/16 0 l fd000000 => uc-/16 0 l fd000000 => wc/'
expect "a tree entry does not change a RAM page's answers" 0 \
	"all answers match" "entries at end: 2" "RAM pages reserved at end: 2"

# malformed RAM lines: refused, naming the line
edit 's/4 1 p 1000000 1002000 wc/4 1 p 1000000 1002000/'
expect "p without a mode" 2 ':7: "p" takes 3 operands, not 2'
edit 's/9 1 q 1000000 1002000/9 1 q 1000000 1002000 wc/'
expect "q with a mode" 2 ':12: "q" takes 2 operands, not 3'
edit 's/7 1 m 1000000 =>/7 1 m 1000000 1001000 =>/'
expect "m with a range" 2 ':10: "m" takes 1 operands, not 2'
edit 's/4 1 p 1000000 1002000/4 1 p 1000800 1002000/'
expect "p start not page aligned" 2 ':7: "p" needs page-aligned operands'
edit 's/9 1 q 1000000 1002000/9 1 q 1000000 1001fff/'
expect "q end not page aligned" 2 ':12: "q" needs page-aligned operands'
edit 's/7 1 m 1000000 =>/7 1 m 1000010 =>/'
expect "m address not page aligned" 2 ':10: "m" needs page-aligned operands'
edit 's/4 1 p 1000000 1002000/4 1 p 1002000 1002000/'
expect "p empty range" 2 ":7: empty range"
edit 's/9 1 q 1000000 1002000/9 1 q 1002000 1000000/'
expect "q reversed range" 2 ":12: empty range"
edit 's/4 1 p 1000000 1002000 wc/4 1 p 1000000 1002000 wb-/'
expect "p unknown mode" 2 ':7: unknown mode "wb-"'
edit 's/4 1 p 1000000 /4 1 p 0x1000000 /'
expect "p hex with 0x" 2 ":7: bad operands"
edit 's/7 1 m 1000000 =>/7 1 m 100000A =>/'
expect "m upper-case hex" 2 ":10: bad operands"
edit 's/4 1 p 1000000 1002000 wc => ok/4 1 p 1000000 1002000 wc => ok wc/'
expect "p answered like r" 2 ':7: answer "ok wc" does not fit operation "p"'
edit 's/8 0 q 1000000 1003000 => einval/8 0 q 1000000 1003000 => ebusy/'
expect "q answered ebusy" 2 ':11: answer "ebusy" does not fit operation "q"'
edit 's/14 1 q 1003000 1004000 => einval/14 1 q 1003000 1004000 => enospc/'
expect "q answered enospc" 2 ':17: answer "enospc" does not fit operation "q"'
edit 's/6 2 m 1002000 => wb/6 2 m 1002000 => none/'
expect "m answered none" 2 ':9: answer "none" does not fit operation "m"'
edit 's/6 2 m 1002000 => wb/6 2 m 1002000 => ok/'
expect "m answered ok" 2 ':9: answer "ok" does not fit operation "m"'
edit 's/12 0 r fd000000 fd001000 wc => ok uc-/12 0 r fd000000 fd001000 wc => enospc/'
expect "r answered enospc" 2 ':15: answer "enospc" does not fit operation "r"'
edit 's/ 4 1 p / 4 1 P /'
expect "upper-case operation" 2 ':7: unknown operation "P"'
edit 's/ 4 1 p / 4 1 pq /'
expect "two-letter operation" 2 ':7: unknown operation "pq"'

# A page's count stops at 65535: 65535 references to page 2000, then
# enospc for it, also with a free page next to it; page 3000 held UC makes
# a conflict, which wins over the full count; one release makes room.
awk 'BEGIN {
	n = 65535
	print "    # memtype_log: begin " n + 6
	for (i = 0; i < n; i++)
		printf "    # memtype_log: %d %d p 2000 3000 wc => ok\n", i, i % 4
	printf "    # memtype_log: %d 0 p 2000 3000 wc => enospc\n", n
	printf "    # memtype_log: %d 1 p 1000 3000 wc => enospc\n", n + 1
	printf "    # memtype_log: %d 2 p 3000 4000 uc => ok\n", n + 2
	printf "    # memtype_log: %d 3 p 2000 4000 wc => ebusy\n", n + 3
	printf "    # memtype_log: %d 0 q 2000 3000 => ok\n", n + 4
	printf "    # memtype_log: %d 1 p 2000 3000 wc => ok\n", n + 5
	print "    # memtype_log: end " n + 6
}' >"$tmp.full"
base=$tmp.full

edit ''
expect "65535 references, then enospc" 0 \
	"memtype-logcheck: 65541 ops from 4 CPUs replayed, all answers match" \
	"RAM pages reserved at end: 2"
edit 's/65535 0 p 2000 3000 wc => enospc/65535 0 p 2000 3000 wc => ok/'
expect "a 65536th reference answered ok" 1 \
	"mismatch at seq 65535 (cpu 0): p 2000 3000 wc: kernel said ok, model says enospc"
edit 's/65536 1 p 1000 3000 wc => enospc/65536 1 p 1000 3000 wc => ok/'
expect "a range with one full page answered ok" 1 \
	"mismatch at seq 65536 (cpu 1): p 1000 3000 wc: kernel said ok, model says enospc"
edit 's/65538 3 p 2000 4000 wc => ebusy/65538 3 p 2000 4000 wc => enospc/'
expect "a full page and a conflict: ebusy wins" 1 \
	"mismatch at seq 65538 (cpu 3): p 2000 4000 wc: kernel said enospc, model says ebusy"
edit 's/65539 0 q 2000 3000 => ok/65539 0 q 2000 3000 => einval/'
expect "release of a full page answered einval" 1 \
	"mismatch at seq 65539 (cpu 0): q 2000 3000: kernel said einval, model says ok"
edit 's/65540 1 p 2000 3000 wc => ok/65540 1 p 2000 3000 wc => enospc/'
expect "room again after a release" 1 \
	"mismatch at seq 65540 (cpu 1): p 2000 3000 wc: kernel said enospc, model says ok"

printf 'no log here\n' >"$tmp"
expect "transcript without a log" 2 "no \"begin\" line"
out=$($tool -x "$tmp.good" 2>&1)
rc=$?
why=
[ "$rc" = 2 ] || why="status $rc, want 2"
printf '%s\n' "$out" | grep -qF "usage: memtype-logcheck [-q] [FILE|-]" ||
	why="${why:+$why, }no usage line"
report "unknown option" "$why"
out=$($tool "$tmp.good" "$tmp.good" 2>&1)
rc=$?
why=
[ "$rc" = 2 ] || why="status $rc, want 2"
printf '%s\n' "$out" | grep -qF "usage:" || why="${why:+$why, }no usage line"
report "two files" "$why"
out=$($tool "$tmp.missing" 2>&1)
rc=$?
why=
[ "$rc" = 2 ] || why="status $rc, want 2"
printf '%s\n' "$out" | grep -qF "$tmp.missing: No such file" ||
	why="${why:+$why, }no error naming the file"
report "file that does not exist" "$why"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
