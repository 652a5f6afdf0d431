#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The "pat bench" figures in Documentation/x86/pat.rst, regenerated.

Boots the kernel on each machine below, runs "pat bench" and puts its
output, TSC cycles left out (the emulator's time says little and varies
from run to run; every count is exact), between the markers

    .. pat-bench-begin: NAME
    .. pat-bench-end: NAME

of pat.rst.  "make bench" runs it; with --check it rewrites nothing and
fails if the document differs from what the kernel prints now, so the
figures cannot drift from the code ("make check" runs that).

usage: pat_bench_doc.py --kernel VMLINUX [--check]
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
DOC = os.path.join(TOP, "Documentation", "x86", "pat.rst")

# name: (cpu, memory, CPUs)
MACHINES = {
    "smp1": ("Skylake-Server", "5G", 1),
    "smp4": ("Skylake-Server", "5G", 4),
}

BLOCK = re.compile(r"(\.\. pat-bench-begin: (\w+)\n)(.*?)(\.\. pat-bench-end: \2\n)",
                   re.S)


def bench_lines(kernel, name):
    cpu, mem, smp = MACHINES[name]
    out, status, _ = qemu.boot(kernel, 'shell.run="pat bench; poweroff"',
                               cpu=cpu, mem=mem, smp=smp)
    lines = qemu.command_output(out, "pat bench") or []
    if status != 0 or not lines or any("error" in l for l in lines):
        raise RuntimeError(f"{name}: pat bench failed (status {status}): "
                           f"{lines}")
    return [re.sub(r"\s+cycles \d+$", "", l) for l in lines if l]


def render(kernel, name):
    cpu, mem, smp = MACHINES[name]
    cmd = (f"qemu-system-x86_64 -M q35 -m {mem} -cpu {cpu} -smp {smp} "
           "-kernel vmlinux -append 'shell.run=\"pat bench; poweroff\"'")
    body = [f"On ``{cmd}`` (cycles left out)::", ""]
    body += ["    " + l for l in bench_lines(kernel, name)]
    return "\n".join(body) + "\n\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    with open(DOC) as f:
        doc = f.read()
    names = [m.group(2) for m in BLOCK.finditer(doc)]
    if sorted(names) != sorted(MACHINES):
        print(f"pat.rst has blocks {names}, expected {sorted(MACHINES)}")
        print("0 passed, 1 failed")
        return 1
    fresh = {n: render(a.kernel, n) for n in names}
    new = BLOCK.sub(lambda m: m.group(1) + fresh[m.group(2)] + m.group(4),
                    doc)
    if not a.check:
        with open(DOC, "w") as f:
            f.write(new)
        print(f"pat_bench_doc: rewrote {len(names)} blocks of {DOC}")
        return 0
    passed = failed = 0
    for m in BLOCK.finditer(doc):
        if m.group(3) == fresh[m.group(2)]:
            passed += 1
            print(f"ok - pat.rst's pat bench figures ({m.group(2)}) are "
                  "what the kernel prints")
        else:
            failed += 1
            print(f"not ok - pat.rst's pat bench figures ({m.group(2)}) are "
                  "stale: run 'make bench'")
            print("# document:\n# " + m.group(3).replace("\n", "\n# "))
            print("# kernel:\n# " + fresh[m.group(2)].replace("\n", "\n# "))
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
