#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The busybox script suite: what an admin types, one KTAP case per line
# of use.  Each case runs in a subshell and passes when its last command
# succeeds; the cases assert Linux's output, not busybox's exit code alone.
# The PAT MSR is the value Linux 4.2 and later (and cachet) program:
# WB WC UC- UC WB WP UC- WT (Documentation/x86/pat.rst).
PAT=0407050600070106
tmp=/tmp/busybox_suite.$$
mkdir -p $tmp
n=0 pass=0 fail=0 skips=0

t() {
	n=$((n + 1))
	name=$1
	shift
	if (eval "$*") >$tmp/out 2>&1; then
		echo "ok $n $name"
		pass=$((pass + 1))
	else
		sed 's/^/# /' $tmp/out
		echo "not ok $n $name"
		fail=$((fail + 1))
	fi
}

skip() {
	n=$((n + 1))
	echo "ok $n $1 # SKIP $2"
	skips=$((skips + 1))
}

# wait up to 5 s for process $1 to run program $2
execd() {
	i=0
	while [ "$(cat /proc/$1/comm 2>/dev/null)" != "$2" ] && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}

echo "TAP version 13"
echo "1..19"
t pipeline '[ "$(echo a b c | tr " " "\n" | wc -l)" -eq 3 ]'
t redirections 'echo x >$tmp/f && echo y >>$tmp/f && [ "$(cat <$tmp/f)" = "$(printf "x\ny")" ] &&
	sh -c "echo err >&2" 2>$tmp/e >/dev/null && [ "$(cat $tmp/e)" = err ]'
t command_substitution '[ "$(echo $(( 6 * 7 )))" = 42 ] && [ "`echo back`" = back ]'
t sh_c_status 'sh -c "exit 3"; [ $? -eq 3 ] && [ "$(sh -c "echo \$0 \$1" zero one)" = "zero one" ]'
t mount_lists_proc 'mount | grep -q "^proc on /proc type proc" && mount | grep -q " /sys type sysfs"'
t grep_sed_awk '[ "$(printf "one\ntwo\nthree\n" | grep -c o)" = 2 ] &&
	[ "$(echo two | sed s/two/2/)" = 2 ] &&
	[ "$(printf "1\n2\n3\n" | awk "{ s += \$1 } END { print s }")" = 6 ]'
t cat_proc_cmdline 'grep -q "selftests\|rdinit\|console" /proc/cmdline'
if [ -e /dev/cpu/0/msr ]; then
	t dd_pat_msr 'v=$(dd if=/dev/cpu/0/msr bs=8 count=1 skip=$((0x277)) iflag=skip_bytes 2>/dev/null |
		od -A n -t x8 | tr -d " "); echo "PAT MSR $v"; [ "$v" = $PAT ]'
else
	skip dd_pat_msr "no /dev/cpu/0/msr (msr.ko not in the image)"
fi
t dd_zero 'dd if=/dev/zero bs=512 count=3 2>/dev/null | od -A n -t x1 | sort -u | grep -q "^ 00 00"  &&
	[ "$(dd if=/dev/zero bs=512 count=3 2>/dev/null | wc -c)" -eq 1536 ]'
t ls_l 'ls -l /selftests/run_all | grep -q "^-rwxr-xr-x .* /selftests/run_all"'
t head_wc_sort '[ "$(printf "c\na\nb\n" | sort | head -n 2 | tr -d "\n")" = ab ] &&
	[ "$(printf "hello" | wc -c)" -eq 5 ]'
t uname_a 'uname -a | grep -q "^Linux .* x86_64"'
t nproc '[ "$(nproc)" -eq "$(grep -c ^processor /proc/cpuinfo)" ]'
t dmesg 'dmesg | grep -q "Command line:"'
# in centiseconds, as /proc/uptime has them: 1.13 - 0.13 is below 1.0 in
# binary floating point
t sleep 'a=$(cut -d" " -f1 /proc/uptime); sleep 1; b=$(cut -d" " -f1 /proc/uptime);
	awk -v a=$a -v b=$b "BEGIN { d = int(b * 100 + 0.5) - int(a * 100 + 0.5);
		exit !(d >= 100 && d < 500) }"'
t kill 'sleep 10 & p=$!; kill $p; wait $p; [ $? -eq 143 ]'
# ps and top read every process's /proc/<pid>/{stat,cmdline}: another
# process's command line, not "[sleep]" (what ps prints without one).
# A child is looked at once it has exec'd (its comm is the program's).
t ps_cmdline 'sleep 7 & p=$!; execd $p sleep; ps -o pid,args | grep -q "^ *$p sleep 7\$"; r=$?; kill $p; exit $r'
t top_batch 'sleep 8 & p=$!; execd $p sleep; top -b -n 1 >$tmp/top; r=1;
	grep -q "^ *$p .*sleep 8\$" $tmp/top && grep -q "^Load average: " $tmp/top && r=0; kill $p; exit $r'
t exit_status_of_pipeline 'false | true && ! (true | false)'
rm -rf $tmp
echo "# Totals: pass:$pass fail:$fail xfail:0 xpass:0 skip:$skips error:0"
[ $fail -eq 0 ] || exit 1
[ $pass -eq 0 ] && exit 4
exit 0
