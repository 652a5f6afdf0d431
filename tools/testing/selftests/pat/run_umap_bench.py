#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Run umap_bench (umap_bench.c) as init on cachet and on Debian's Linux
6.1, the same QEMU machine (the selftests' plus a secondary-vga, whose
16 MiB framebuffer BAR no driver claims), and print the figures side by
side with their ratios.

  run_umap_bench.py --kernel vmlinux --image IMG [--smp N]

A ratio above 1 means cachet is slower.  Without ../shared/linux or its
downloaded kernel, only cachet's figures are printed.  A benchmark: it
reports, it does not pass or fail (the exit status says only whether
cachet's figures were read).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "user"))
import run_bench  # noqa: E402
import run_user  # noqa: E402

KEYS = [("umap_wc_page_ns", "resource0_wc map+touch+unmap, ns/page"),
        ("fork_wc_us", "fork+exit+wait holding 16 MiB WC (us)"),
        ("fork_plain_us", "fork+exit+wait, no mapping (us)")]
QEMU = ["-device", "secondary-vga"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--image", required=True)
    ap.add_argument("--smp", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=600)
    a = ap.parse_args()
    append = "rdinit=/selftests/tools/umap_bench"
    res = {}
    got, err = run_user.boot_cachet(a.kernel, a.image, a.smp, append,
                                    a.timeout, QEMU)
    res["cachet"] = run_bench.figures(got[0]) if got else {}
    if err:
        print(f"# cachet: {err}")
    got, err = run_user.boot_linux(a.image, a.smp, append, a.timeout, QEMU)
    res["linux"] = run_bench.figures(got[0]) if got else {}
    if err:
        print(f"# linux: {err}")
    print(f"{'figure':42} {'cachet':>10} {'Linux 6.1':>10} {'ratio':>7}")
    for key, label in KEYS:
        c, lx = res["cachet"].get(key), res["linux"].get(key)
        ratio = f"{c / lx:.2f}" if c and lx else ""
        fmt = lambda v: "-" if v is None else f"{v:.1f}"
        print(f"{label:42} {fmt(c):>10} {fmt(lx):>10} {ratio:>7}")
    print("# ratio: cachet's cost over Linux's (above 1: cachet is slower)")
    return 0 if res["cachet"] else 1


if __name__ == "__main__":
    sys.exit(main())
