#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The short fuzzing run of lib/inflate.c and lib/gunzip.c against zlib
# (inflate_fuzz.c), as one more case of "make check": run.sh runs it like
# a test program ("-n N" numbers its line) and counts its line:
#   ok N - fuzz.inflate                    FUZZ_TIME seconds, no finding
#   ok N - fuzz.inflate # SKIP reason      no libFuzzer runtime or no zlib
#   not ok N - fuzz.inflate                a finding, a build failure, or
#                                          no input run; the log's end is shown
# Environment: CLANG (default clang), FUZZ_TIME (default 5), MAKE.
cd "$(dirname "$0")" || exit 1
n=1
[ "$1" = -n ] && n=$2
CLANG=${CLANG:-clang}
FUZZ_TIME=${FUZZ_TIME:-5}
dir=build/fuzz
log=$dir/fuzz.log

probe='#include <zlib.h>
int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }'
if ! printf '%s\n' "$probe" |
	"$CLANG" -fsanitize=fuzzer -x c - -o /dev/null -lz 2>/dev/null; then
	echo "ok $n - fuzz.inflate # SKIP no libFuzzer runtime or zlib for $CLANG"
	exit 0
fi
mkdir -p "$dir"
if ! ${MAKE:-make} -s inflate-fuzz CLANG="$CLANG" >"$dir.build.log" 2>&1; then
	cat "$dir.build.log"
	echo "not ok $n - fuzz.inflate (did not build)"
	exit 1
fi
mkdir -p "$dir/corpus"
if ! "$dir/inflate_fuzz" -max_total_time="$FUZZ_TIME" -max_len=4096 \
	-print_final_stats=1 -artifact_prefix="$dir/" "$dir/corpus" "$dir/seeds" \
	>"$log" 2>&1; then
	tail -40 "$log" | sed 's/^/# /'
	echo "not ok $n - fuzz.inflate (a finding, see $log)"
	exit 1
fi
runs=$(awk '$1 == "stat::number_of_executed_units:" { print $2 }' "$log")
case $runs in
''|*[!0-9]*|0)
	echo "# no input was run: $(tail -1 "$log")"
	echo "not ok $n - fuzz.inflate"
	exit 1
	;;
esac
echo "# fuzz.inflate: $runs inputs in $FUZZ_TIME s against zlib, no finding"
echo "ok $n - fuzz.inflate"
