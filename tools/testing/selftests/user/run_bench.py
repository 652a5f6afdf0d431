#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Run bench (bench.c) as init on cachet and on Debian's Linux 6.1, same
QEMU machine, and print the figures side by side with their ratios.

  run_bench.py --kernel vmlinux [--smp N] [--image IMG]

A ratio above 1 means cachet is slower (for the times) or does fewer
faults per second.  Without ../shared/linux or its downloaded kernel,
only cachet's figures are printed.  A benchmark: it reports, it does not
pass or fail (the exit status says only whether the figures were read).
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_user  # noqa: E402

FIG = re.compile(r"^bench: (\w+) (-?[0-9.]+)$")
KEYS = [("fork_exit_wait_us", "fork+exit+wait (us)", False),
        ("fork_exec_wait_us", "fork+execve+exit+wait (us)", False),
        ("exec_us", "execve alone (us)", False),
        ("faults_per_sec", "anonymous faults per second", True)]


def figures(text):
    out = {}
    for line in text.splitlines():
        m = FIG.match(run_user.STAMP.sub("", line.strip()))
        if m:
            out[m.group(1)] = float(m.group(2))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--smp", type=int, default=2)
    ap.add_argument("--image", default=os.path.join(
        run_user.TOP, "build", "user", "initramfs.cpio.gz"))
    ap.add_argument("--timeout", type=int, default=600)
    a = ap.parse_args()
    append = "rdinit=/selftests/bench/bench"
    res = {}
    got, err = run_user.boot_cachet(a.kernel, a.image, a.smp, append,
                                    a.timeout)
    res["cachet"] = figures(got[0]) if got else {}
    if err:
        print(f"# cachet: {err}")
    got, err = run_user.boot_linux(a.image, a.smp, append, a.timeout)
    res["linux"] = figures(got[0]) if got else {}
    if err:
        print(f"# linux: {err}")
    print(f"{'figure':32} {'cachet':>12} {'Linux 6.1':>12} {'ratio':>8}")
    for key, label, higher_better in KEYS:
        c = res["cachet"].get(key)
        lx = res["linux"].get(key)
        ratio = ""
        if c and lx:
            r = lx / c if higher_better else c / lx
            ratio = f"{r:.2f}"
        fmt = lambda v: "-" if v is None else f"{v:.1f}"
        print(f"{label:32} {fmt(c):>12} {fmt(lx):>12} {ratio:>8}")
    print("# ratio: cachet's cost over Linux's (above 1: cachet is slower)")
    return 0 if res["cachet"] else 1


if __name__ == "__main__":
    sys.exit(main())
