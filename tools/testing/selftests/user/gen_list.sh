#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Print the gen_init_cpio list of the user-selftest initramfs: cachet's
# own busybox list (usr/gen_initramfs_list.sh) with /init replaced by
# /selftests/run_all, the test programs under /selftests/bin, the busybox
# script suite ($BUSYBOX_SUITE, if set), the benchmark ($BENCH, if set)
# under /selftests/bench, and Linux's msr.ko under /lib/modules when it
# exists, then the lines of the file $EXTRA_LIST names, if set.  Other
# suites (tools/testing/selftests/pat/) build theirs with it.
#
#	gen_list.sh BUSYBOX SRCDIR MSR_KO PROGRAM...
set -e
busybox=$1
src=$2
msr=$3
shift 3
top=$src/../../../..

sh "$top/usr/gen_initramfs_list.sh" "$busybox" "$top/usr/inittab" |
	grep -v '^slink /init '
echo "slink /init /selftests/run_all 0777 0 0"
echo "dir /selftests 0755 0 0"
echo "dir /selftests/bin 0755 0 0"
echo "file /selftests/run_all $src/run_all 0755 0 0"
if [ -n "$BUSYBOX_SUITE" ]; then
	echo "file /selftests/bin/busybox_suite $BUSYBOX_SUITE 0755 0 0"
fi
for f in "$@"; do
	echo "file /selftests/bin/${f##*/} $f 0755 0 0"
done
if [ -n "$BENCH" ]; then
	echo "dir /selftests/bench 0755 0 0"
	echo "file /selftests/bench/bench $BENCH 0755 0 0"
fi
if [ -f "$msr" ]; then
	echo "dir /lib 0755 0 0"
	echo "dir /lib/modules 0755 0 0"
	echo "file /lib/modules/msr.ko $msr 0644 0 0"
fi
if [ -n "$EXTRA_LIST" ] && [ -f "$EXTRA_LIST" ]; then
	cat "$EXTRA_LIST"
fi
