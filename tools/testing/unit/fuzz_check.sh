#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# A short libFuzzer run of one target, as one case of "make check" in
# run.sh's numbering: "ok N - fuzz.TARGET" when FUZZ_TIME seconds ran
# inputs and found nothing, "not ok N" with the end of the log when it
# found something, ran nothing or did not build, "ok N ... # SKIP" when
# clang has no libFuzzer runtime, or no LIB the target links, here.  The
# seeds (checked in under fuzz-corpus/TARGET, generated under
# build/fuzz/TARGET-seeds) are read, never written: new inputs go to
# build/fuzz/TARGET-corpus.
# Environment: CLANG (default clang), FUZZ_TIME (default 5), MAKE.
#
#	fuzz_check.sh TARGET [LIB...] [-n N]
cd "$(dirname "$0")" || exit 1
target=$1
shift
libs=
while [ $# -gt 0 ] && [ "$1" != -n ]; do
	libs="$libs $1"
	shift
done
n=1
[ "$1" = -n ] && n=$2
CLANG=${CLANG:-clang}
FUZZ_TIME=${FUZZ_TIME:-5}
name="fuzz.$target"
log=build/fuzz/$target.log

probe='int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }'
if ! printf '%s\n' "$probe" |
	"$CLANG" -fsanitize=fuzzer -x c - -o /dev/null $libs 2>/dev/null; then
	echo "ok $n - $name # SKIP no libFuzzer runtime${libs:+ or$libs} for $CLANG"
	exit 0
fi
if ! ${MAKE:-make} -s "build/fuzz/fuzz_$target" CLANG="$CLANG"; then
	echo "not ok $n - $name # did not build"
	exit 1
fi
mkdir -p "build/fuzz/$target-corpus"
seeds=
for d in "fuzz-corpus/$target" "build/fuzz/$target-seeds"; do
	[ -d "$d" ] && seeds="$seeds $d"
done
# shellcheck disable=SC2086
if ! "./build/fuzz/fuzz_$target" -max_total_time="$FUZZ_TIME" \
	-max_len=8192 -print_final_stats=1 -artifact_prefix=build/fuzz/ \
	"build/fuzz/$target-corpus" $seeds 2>"$log"; then
	tail -40 "$log" | sed 's/^/# /'
	echo "not ok $n - $name # a finding, see above and $log"
	exit 1
fi
runs=$(awk '$1 == "stat::number_of_executed_units:" { print $2 }' "$log")
case $runs in
''|*[!0-9]*|0)
	echo "# no input was run: $(tail -1 "$log")"
	echo "not ok $n - $name"
	exit 1
	;;
esac
echo "# $runs inputs in $FUZZ_TIME s, no finding"
echo "ok $n - $name"
