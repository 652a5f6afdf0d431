#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The short fuzzing run of "make check", counted like every other part:
# "fuzz: 1 passed, 0 failed" when FUZZ_TIME seconds of fuzzing ran inputs
# and found nothing; a failure, with the end of fuzz.log, when it found
# something, ran nothing or did not build; "fuzz: 0 passed, 0 failed,
# 1 skipped" when clang has no libFuzzer runtime here.
# Environment: CLANG (default clang), FUZZ_TIME (default 20), MAKE.
cd "$(dirname "$0")" || exit 1
CLANG=${CLANG:-clang}
FUZZ_TIME=${FUZZ_TIME:-20}

result() {	# result PASSED FAILED [SKIPPED]
	echo "fuzz: $1 passed, $2 failed${3:+, $3 skipped}"
	[ "$2" = 0 ]
}

probe='int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }'
if ! printf '%s\n' "$probe" |
	"$CLANG" -fsanitize=fuzzer -x c - -o /dev/null 2>/dev/null; then
	echo "fuzz: SKIP (no libFuzzer runtime for $CLANG)"
	result 0 0 1
	exit
fi
if ! ${MAKE:-make} -s memtype_tree_fuzz CLANG="$CLANG"; then
	echo "fuzz: memtype_tree_fuzz did not build"
	result 0 1
	exit
fi
mkdir -p fuzz-corpus
if ! ./memtype_tree_fuzz -max_total_time="$FUZZ_TIME" -max_len=8192 \
	-print_final_stats=1 fuzz-corpus 2>fuzz.log; then
	tail -50 fuzz.log
	echo "fuzz: a finding, see above and fuzz.log"
	result 0 1
	exit
fi
runs=$(awk '$1 == "stat::number_of_executed_units:" { print $2 }' fuzz.log)
case $runs in
''|*[!0-9]*|0)
	echo "fuzz: no input was run ($(tail -1 fuzz.log))"
	result 0 1
	;;
*)
	echo "fuzz: $runs inputs in $FUZZ_TIME s, no finding"
	result 1 0
	;;
esac
