#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Boots a hostile tester would try: CPUs without features the kernel
needs, machines without a PIT, ACPI or an MADT, and shell sessions that
feed the memtype code bad or random requests.

Every module named cases_*.py next to this file provides CASES, a list of
hardening_case.Case objects, each one QEMU boot and its checks.
Prints TAP and a closing "N passed, N failed, N skipped" line.

usage: hardening_selftest.py --kernel VMLINUX [-j N] [--only NAME]
"""
import argparse
import concurrent.futures
import glob
import importlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "runner"))
sys.path.insert(0, HERE)
import ktap  # noqa: E402
import qemu  # noqa: E402


def cases():
    found = []
    for path in sorted(glob.glob(os.path.join(HERE, "cases_*.py"))):
        mod = importlib.import_module(os.path.basename(path)[:-3])
        found += mod.CASES
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--only")
    a = ap.parse_args()
    todo = [c for c in cases() if not a.only or c.name == a.only]
    print("TAP version 13")
    print(f"1..{len(todo)}")

    def run(c):
        if c.skip:
            return "", None, 0.0
        kw = dict(c.boot)
        kw.setdefault("timeout", 120)
        # a case may boot another build (CONFIG_X86_PAT=n)
        return qemu.boot(kw.pop("kernel", a.kernel), **kw)

    passed = failed = 0
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        results = list(ex.map(run, todo))
    skipped = 0
    for i, (c, (out, status, secs)) in enumerate(zip(todo, results), 1):
        if c.skip:
            skipped += 1
            print(f"ok {i} {c.name} # SKIP {c.skip}")
            continue
        if ktap.report_case(i, c.name, c.check(out, status), secs,
                            lambda: out.split("\n")[-60:]):
            passed += 1
        else:
            failed += 1
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
