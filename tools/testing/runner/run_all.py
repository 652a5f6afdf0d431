#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""make check: every test level, one summary.

Runs each step, echoes its output, takes its closing "N passed, N failed
[, N skipped]" line, and ends with the grand total on the last line.  A
step that crashes or prints no summary counts as one failure.
"""
import argparse
import os
import re
import subprocess
import sys
import time

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
SUMMARY = re.compile(r"^(?:\w+: )?(\d+) passed, (\d+) failed(?:, (\d+) skipped)?\s*$")
# a failed check in any of the steps' formats (KTAP, kselftest TAP, the
# selftests' "# NAME: FAIL: check" lines), and the report of a boot that
# timed out (qemu.py's "hang:" lines); repeated just above the grand
# total so that a log's tail alone names what failed
FAILED = re.compile(r"^\s*(?:#\s*)*(?:not ok\b|\S+: FAIL: |hang: )")
MAX_FAILED_LINES = 24


def step(name, cmd, sum_all=False):
    """sum_all: the step prints one summary per part, add them up;
    otherwise its last summary line is its total.  Returns the counts
    and the step's failure lines."""
    print(f"=== {name}: {' '.join(cmd)}", flush=True)
    t0 = time.monotonic()
    p = subprocess.run(cmd, cwd=TOP, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    out = p.stdout.decode("utf-8", "replace")
    sys.stdout.write(out)
    res = None
    for line in out.split("\n"):
        m = SUMMARY.match(line.strip())
        if m:
            new = [int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)]
            res = [a + b for a, b in zip(res, new)] if res and sum_all else new
    if res is None:
        res = [0, 1, 0]
        print(f"=== {name}: no summary line (exit {p.returncode}): counted as a failure")
    elif p.returncode and not res[1]:
        res[1] = 1
        print(f"=== {name}: exit status {p.returncode}: counted as a failure")
    print(f"=== {name}: {res[0]} passed, {res[1]} failed, {res[2]} skipped "
          f"({time.monotonic() - t0:.0f}s)", flush=True)
    bad = [ln.rstrip() for ln in out.split("\n") if FAILED.match(ln)]
    if res[1] and not bad:
        bad = [f"(no failure line; exit status {p.returncode})"]
    return res, bad


def report_failures(failures):
    """The tail of a CI log is often all that is kept: name every failed
    step and its first failure lines there."""
    if not failures:
        return
    print("=== failed steps:")
    for name, lines in failures:
        print(f"=== {name}:")
        for ln in lines[:MAX_FAILED_LINES]:
            print(f"    {ln.strip()}")
        if len(lines) > MAX_FAILED_LINES:
            print(f"    ... and {len(lines) - MAX_FAILED_LINES} more")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", default="vmlinux")
    a = ap.parse_args()
    py = sys.executable
    r = "tools/testing/runner/"
    clang = ("rm -f build/clang/vmlinux; "
             "make -s O=build/clang CC=clang defconfig >/dev/null && "
             "make -s -j2 O=build/clang CC=clang 2>&1 | grep -v '^  [A-Z]' ; "
             "test -f build/clang/vmlinux && echo '1 passed, 0 failed' "
             "|| echo '0 passed, 1 failed'")
    # sparse (address spaces such as __iomem, undeclared globals): every
    # kernel C file, and the step fails on any warning
    sparse = ("make -s O=build/sparse defconfig >/dev/null && "
              "make -s O=build/sparse sparse >build/sparse/log 2>&1; "
              "st=$?; grep -v '^  CHECK' build/sparse/log; "
              "n=$(grep -c '^  CHECK' build/sparse/log); echo \"$n files\"; "
              "if [ $st -eq 0 ] && ! grep -qv '^  CHECK' build/sparse/log; "
              "then echo '1 passed, 0 failed'; "
              "else echo '0 passed, 1 failed'; fi")
    steps = [
        ("clang build (-Werror)", ["sh", "-c", clang]),
        ("sparse", ["sh", "-c", sparse]),
        ("host unit tests", ["make", "-s", "-C", "tools/testing/unit", "check"]),
        ("memtype tree tools", ["make", "-s", "-C", "tools/testing/pat", "check"]),
        ("in-kernel KTAP suites", [py, r + "run_ktest.py", "--kernel", a.kernel]),
        ("in-kernel KTAP suites, 4 CPUs",
         [py, r + "run_ktest.py", "--kernel", a.kernel, "--smp", "4"]),
        ("boot matrix", [py, r + "boot_matrix.py", "--kernel", a.kernel]),
        ("documentation names", [py, r + "doc_check.py"]),
        ("documentation figures",
         [py, r + "pat_bench_doc.py", "--kernel", a.kernel, "--check"]),
        ("selftests", ["make", "-s", "-C", "tools/testing/selftests",
                       "TARGETS=pat fb smp hardening power", "run_tests"]),
        # the user-space suite on Linux 6.1 only (skipped without
        # ../shared/linux): cachet cannot run it yet
        ("user selftests on Linux 6.1, 1 and 4 CPUs",
         ["make", "-s", "-C", "tools/testing/selftests/user", "run_tests"]),
        ("user selftests on cachet, 2 and 4 CPUs",
         ["make", "-s", "-C", "tools/testing/selftests/user", "cachet",
          "SMP=2 4", "KERNEL=" + os.path.abspath(a.kernel)]),
    ]
    total = [0, 0, 0]
    failures = []
    for name, cmd in steps:
        res, bad = step(name, cmd, sum_all=name == "memtype tree tools"
                        or name.startswith("user selftests"))
        total = [t + x for t, x in zip(total, res)]
        if res[1]:
            failures.append((name, bad))
    report_failures(failures)
    print(f"{total[0]} passed, {total[1]} failed, {total[2]} skipped")
    return 1 if total[1] else 0


if __name__ == "__main__":
    sys.exit(main())
