#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run one part of "make check" so that it is always counted:
#
#   check_part.sh NAME CMD [ARGS...]
#
# CMD's output goes through unchanged; it must end with a summary line
# "[WHO: ]N passed, N failed[, N skipped]" (tools/testing/runner/run_all.py
# adds them up).  If CMD exits non-zero without a failure in that line
# (it crashed, or stopped before its summary), or prints no summary at
# all, "NAME: 0 passed, 1 failed" is added.  Exit status: CMD's, or 1.
name=$1
shift
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp" "$tmp.st"' EXIT

{ "$@"; echo $? >"$tmp.st"; } 2>&1 | tee "$tmp"
st=$(cat "$tmp.st" 2>/dev/null)
summary=$(grep -E '^([A-Za-z0-9_]+: )?[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$' "$tmp" | tail -1)
failed=$(printf '%s\n' "$summary" | sed -n 's/.* \([0-9]*\) failed.*/\1/p')

if [ -z "$summary" ]; then
	echo "$name: no summary line (exit status ${st:-unknown})"
elif [ "${st:-1}" != 0 ] && [ "${failed:-0}" = 0 ]; then
	echo "$name: exit status ${st:-unknown} but no failure counted"
else
	exit "$st"
fi
echo "$name: 0 passed, 1 failed"
exit 1
