#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Digest checks for memtype-replay, run by "make check":
#  1. the shared sample trace against its recorded digest (skipped, and
#     counted as skipped, when shared/bench is absent);
#  2. small traces from tracegen, replayed on the tree (with the invariant
#     checker after every operation) and on the reference model: both
#     digests must agree, over a trace that is not empty.
# Prints one line per check and "N passed, N failed, N skipped".
SHARED=${1:-../../../../shared/bench}
TMP=${TMPDIR:-/tmp}/pat-check.$$
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$TMP"
pass=0
failn=0
skip=0

ok() { echo "ok - $1"; pass=$((pass + 1)); }
nok() { echo "not ok - $1"; failn=$((failn + 1)); }
skipped() { echo "ok - $1 # SKIP"; skip=$((skip + 1)); }

field() {	# field NAME FILE
	awk -v k="$1" '$1 == k { print $2 }' "$2"
}

if [ -f "$SHARED/traces/sample.trace" ] && [ -f "$SHARED/traces/sample.digest" ]; then
	if ! ./memtype-replay -n 1 --check "$SHARED/traces/sample.trace" >"$TMP/out"; then
		nok "sample.trace: replay failed"
	elif grep -E '^(ops|digest) ' "$TMP/out" | cmp -s - "$SHARED/traces/sample.digest"; then
		ok "sample.trace digest $(field digest "$TMP/out")"
	else
		nok "sample.trace digest: got $(field digest "$TMP/out"), want $(field digest "$SHARED/traces/sample.digest")"
	fi
else
	skipped "sample.trace: $SHARED/traces not found"
fi

for args in "1 20000 64" "2 20000 512" "3 50000 4096" "4 5000 8" "5 30000 256"; do
	set -- $args
	./tracegen "$@" >"$TMP/t" || { nok "tracegen $args"; continue; }
	./memtype-replay -n 1 --check "$TMP/t" >"$TMP/tree" || { nok "tracegen $args: tree replay failed"; continue; }
	./memtype-replay --reference "$TMP/t" >"$TMP/ref" || { nok "tracegen $args: reference replay failed"; continue; }
	d1=$(grep -E '^(ops|digest|peak_entries) ' "$TMP/tree")
	d2=$(grep -E '^(ops|digest|peak_entries) ' "$TMP/ref")
	if [ "$(field ops "$TMP/tree")" != "$2" ] || [ -z "$(field digest "$TMP/tree")" ]; then
		nok "tracegen $args: $(field ops "$TMP/tree") ops replayed, want $2, digest '$(field digest "$TMP/tree")'"
	elif [ "$d1" = "$d2" ]; then
		ok "tracegen $args: tree = reference ($(field digest "$TMP/tree"))"
	else
		nok "tracegen $args: tree and reference differ"
	fi
done

# A malformed trace must fail and name its line.
printf 'r 0 1000 wc\nx 1 2\n' >"$TMP/bad"
if ./memtype-replay "$TMP/bad" 2>"$TMP/err" >/dev/null; then
	nok "malformed trace accepted"
elif grep -q ':2: ' "$TMP/err"; then
	ok "malformed trace: $(cat "$TMP/err")"
else
	nok "malformed trace: no line number in '$(cat "$TMP/err")'"
fi

echo "$pass passed, $failn failed, $skip skipped"
[ "$failn" -eq 0 ]
