#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Run umap_bench (umap_bench.c) as init on cachet and on Debian's Linux
6.1, the same QEMU machine (the selftests' plus a secondary-vga, whose
16 MiB framebuffer BAR no driver claims), and print the figures side by
side with their ratios.

  run_umap_bench.py --kernel vmlinux --image IMG [--smp N] [--boots N]
                    [--doc]

Each figure umap_bench prints is already the median of its rounds in one
boot, and the "best" column compares each kernel's fastest round: a
loaded host only adds time, so when it slows most rounds the best ones
still compare.  With --boots N both kernels boot N times, in turn
(cachet, Linux, cachet, ...), so that a stretch of host load falls on
both; each figure is then the median of the boots', and the last column
shows the range of the boots' ratios.  --doc writes the
table between the markers

    .. umap-bench-begin
    .. umap-bench-end

of Documentation/dev-tools/pat-selftests.rst ("make bench" does).

A ratio above 1 means cachet is slower.  Without ../shared/linux or its
downloaded kernel, only cachet's figures are printed.  A benchmark: it
reports, it does not pass or fail (the exit status says only whether
cachet's figures were read).
"""
import argparse
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "user"))
import run_bench  # noqa: E402
import run_user  # noqa: E402

KEYS = [("umap_wc_page_ns", "resource0_wc mmap+touch+munmap, ns/page"),
        ("umap_wc_mmap_ns", "  of which mmap, ns/page"),
        ("umap_wc_touch_ns", "  of which the writes, ns/page"),
        ("umap_wc_munmap_ns", "  of which munmap, ns/page"),
        ("fork_wc_us", "fork+exit+wait holding 16 MiB WC (us)"),
        ("fork_plain_us", "fork+exit+wait, no mapping (us)"),
        ("open_wc_us", "open+close of resource0_wc (us)")]
QEMU = ["-device", "secondary-vga"]
APPEND = "rdinit=/selftests/tools/umap_bench"
DOC = os.path.join(run_user.TOP, "Documentation", "dev-tools",
                   "pat-selftests.rst")
BLOCK = re.compile(r"(\.\. umap-bench-begin\n)(.*?)(\.\. umap-bench-end\n)",
                   re.S)


def one_boot(kernel, a):
    """{figure: value} of one boot of @kernel ("cachet" or "linux")."""
    if kernel == "cachet":
        got, err = run_user.boot_cachet(a.kernel, a.image, a.smp, APPEND,
                                        a.timeout, QEMU)
    else:
        got, err = run_user.boot_linux(a.image, a.smp, APPEND, a.timeout,
                                       QEMU)
    if err:
        print(f"# {kernel}: {err}")
    figs = run_bench.figures(got[0]) if got else {}
    return {k: v for k, v in figs.items() if v >= 0}


def fmt(v):
    return "-" if v is None else f"{v:.1f}"


def median_of(runs, kernel, key):
    vals = [r[key] for r in runs[kernel] if key in r]
    return statistics.median(vals) if vals else None


def table(runs, boots, smp, load):
    """The report's lines, from {kernel: [{figure: value} per boot]}."""
    lines = [f"{'figure':42} {'cachet':>9} {'Linux 6.1':>9} {'ratio':>6}"
             f" {'best':>5}" + ("  per boot" if boots > 1 else "")]
    for key, label in KEYS:
        c, lx = (median_of(runs, k, key) for k in ("cachet", "linux"))
        cb, lb = (median_of(runs, k, key + "_best")
                  for k in ("cachet", "linux"))
        ratio = f"{c / lx:.2f}" if c and lx else ""
        best = f"{cb / lb:.2f}" if cb and lb else ""
        per = [r[key] / s[key] for r, s in zip(runs["cachet"], runs["linux"])
               if r.get(key) and s.get(key)]
        spread = (f"  {min(per):.2f}-{max(per):.2f}"
                  if boots > 1 and per else "")
        lines.append(f"{label:42} {fmt(c):>9} {fmt(lx):>9} {ratio:>6}"
                     f" {best:>5}{spread}")
    lines.append(f"# medians of {boots} boot(s) each, -smp {smp}; ratio: "
                 "cachet's cost over Linux's (above 1: cachet is slower); "
                 "best: the same of each boot's fastest round")
    lines.append(f"# host: {os.cpu_count()} CPUs, load average "
                 f"{load[0]:.0f} before, {load[1]:.0f} after")
    return lines


def write_doc(lines, a):
    with open(DOC) as f:
        text = f.read()
    cmd = (f"tools/testing/selftests/pat/run_umap_bench.py --smp {a.smp} "
           f"--boots {a.boots}")
    body = f"``{cmd}``::\n\n" + "".join(f"    {l}\n" for l in lines) + "\n"
    new, n = BLOCK.subn(lambda m: m.group(1) + "\n" + body + m.group(3),
                        text)
    if n != 1:
        print(f"# no umap-bench markers in {DOC}: not written")
        return
    with open(DOC, "w") as f:
        f.write(new)
    print(f"# written to {os.path.relpath(DOC, run_user.TOP)}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--image", required=True)
    ap.add_argument("--smp", type=int, default=2)
    ap.add_argument("--boots", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--doc", action="store_true")
    a = ap.parse_args()
    if a.boots < 1:
        ap.error("--boots must be at least 1")
    runs = {"cachet": [], "linux": []}
    before = os.getloadavg()[0]
    for _ in range(a.boots):
        for k in ("cachet", "linux"):
            runs[k].append(one_boot(k, a))
    lines = table(runs, a.boots, a.smp, (before, os.getloadavg()[0]))
    print("\n".join(lines))
    got = any(runs["cachet"])
    if a.doc and got:
        write_doc(lines, a)
    return 0 if got else 1


if __name__ == "__main__":
    sys.exit(main())
