#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Boot a kernel with the user-selftest initramfs and judge its KTAP.

  run_user.py --linux [--smp N]            Debian's Linux 6.1, through
                                           ../shared/linux/boot.sh
  run_user.py --kernel vmlinux [--smp N]   cachet, same QEMU machine

The image (build/user/initramfs.cpio.gz, "make -C tools/testing/selftests/
user") runs /selftests/run_all, which prints each program's KTAP between
"# selftests: user: NAME" and "ok|not ok N selftests: user: NAME".  Each
program is reported as one case (tools/testing/runner/ktap.py's
report_case()), and the closing line counts the programs' own cases:
"N passed, N failed, N skipped".  A program that crashes, misses cases of
its plan, or exits with a code that disagrees with its results fails.
See Documentation/dev-tools/user-selftests.rst.
"""
import argparse
import os
import re
import subprocess
import sys
import time

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))
sys.path.insert(0, os.path.join(TOP, "tools", "testing", "runner"))
import ktap  # noqa: E402
import qemu  # noqa: E402

SUITE = "user"
TOP_PLAN = re.compile(r"^1\.\.(\d+)$")
STAMP = re.compile(r"^\[\s*\d+\.\d+\] ")


def suite_patterns(suite):
    """(BEGIN, END, TOOK): run_all's lines for the programs of @suite"""
    s = re.escape(suite)
    return (re.compile(rf"^# selftests: {s}: (\S+)$"),
            re.compile(rf"^(ok|not ok) (\d+) selftests: {s}: (\S+)(?: # (.*))?$"),
            re.compile(rf"^# selftests: {s}: (\S+) took ([0-9.]+)s$"))


BEGIN, END, TOOK = suite_patterns(SUITE)


def boot_linux(image, smp, append, timeout, extra=()):
    boot = os.path.join(TOP, "..", "shared", "linux", "boot.sh")
    fetched = os.environ.get("CACHET_LINUX", "/tmp/cachet-linux")
    if not os.path.exists(boot):
        return None, "no ../shared/linux/boot.sh (Linux 6.1 is not available here)"
    if not os.path.exists(os.path.join(fetched, "vmlinuz")):
        return None, (f"no Linux kernel in {fetched}: run ../shared/linux/fetch.sh "
                      "once (it needs a Debian mirror)")
    env = dict(os.environ, APPEND=append, TIMEOUT=str(timeout))
    t0 = time.monotonic()
    p = subprocess.run(["bash", boot, image, "-smp", str(smp), *extra], env=env,
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT)
    text = p.stdout.decode("utf-8", "replace").replace("\r", "")
    return (text, time.monotonic() - t0), None


def boot_cachet(kernel, image, smp, append, timeout, extra=()):
    if not os.path.exists(kernel):
        return None, f"no {kernel}: build it with make"
    text, _, secs = qemu.boot(kernel, append=append, smp=smp, timeout=timeout,
                              extra=["-accel", "tcg", "-initrd", image, *extra])
    return (text.replace("\r", ""), secs), None


def split_programs(text):
    """{name: (lines of its KTAP, exit note or None)}, the run's plan,
    {name: seconds it ran}."""
    progs, cur, plan, took = {}, None, None, {}
    for raw in text.split("\n"):
        line = STAMP.sub("", raw)
        m = TOOK.match(line)
        if m:
            took[m.group(1)] = float(m.group(2))
            continue
        m = BEGIN.match(line)
        if m:
            cur = m.group(1)
            progs[cur] = ([], None)
            continue
        m = END.match(line)
        if m and m.group(3) in progs:
            progs[m.group(3)] = (progs[m.group(3)][0], (m.group(1), m.group(4)))
            cur = None
            continue
        if cur is not None:
            progs[cur][0].append(line)
        elif plan is None and TOP_PLAN.match(line):
            plan = int(TOP_PLAN.match(line).group(1))
    return progs, plan, took


def judge(name, lines, end):
    """(checks for report_case(), [pass, fail, skip] of its cases)"""
    body = "\n".join(["    # Subtest: " + name] + ["    " + l for l in lines])
    cases, _ = ktap.parse(body)
    counts = [0, 0, 0]
    checks = []
    for _, case, status in cases:
        counts[("pass", "fail", "skip").index(status)] += 1
        checks.append((case + (" # SKIP" if status == "skip" else ""),
                       status != "fail", status))
    if end is None:
        checks.append(("the program finished", False, "no result line: "
                       "the run stopped inside it"))
        return checks, counts
    if not cases:
        checks.append(("it printed KTAP cases", False, "none"))
    rc = 0 if end[0] == "ok" and not end[1] else None
    if end[1] == "SKIP":
        rc = 4
    elif end[1] and end[1].startswith("exit="):
        rc = int(end[1][5:])
    want = 1 if counts[1] else (4 if cases and counts[2] == len(cases) else 0)
    checks.append((f"exit status {rc} is kselftest's {want} for its results",
                   rc == want, f"exit {rc}"))
    return checks, counts


def main():
    ap = argparse.ArgumentParser()
    who = ap.add_mutually_exclusive_group(required=True)
    who.add_argument("--linux", action="store_true")
    who.add_argument("--kernel")
    ap.add_argument("--smp", type=int, default=1)
    ap.add_argument("--image", default=os.path.join(TOP, "build", "user",
                                                    "initramfs.cpio.gz"))
    ap.add_argument("--only", help="comma-separated program names")
    ap.add_argument("--timeout", type=int, default=240)
    ap.add_argument("--log", help="write the serial transcript here")
    ap.add_argument("--suite", default=SUITE,
                    help="the name run_all prints (selftests_suite=NAME)")
    ap.add_argument("--qemu-arg", action="append", default=[],
                    help="one more QEMU argument (repeat), e.g. a device")
    a = ap.parse_args()
    global BEGIN, END, TOOK
    BEGIN, END, TOOK = suite_patterns(a.suite)

    if not os.path.exists(a.image):
        print(f"{a.suite}: no {a.image}: make -C tools/testing/selftests/{a.suite}")
        print("0 passed, 1 failed, 0 skipped")
        return 1
    append = "quiet" + (f" selftests={a.only}" if a.only else "")
    if a.suite != SUITE:
        append += f" selftests_suite={a.suite}"
    # e.g. stress_rounds=10000 (make check FULL=1)
    if os.environ.get("USER_APPEND"):
        append += " " + os.environ["USER_APPEND"]
    if a.linux:
        res, why = boot_linux(a.image, a.smp, append, a.timeout, a.qemu_arg)
        kname = "Linux 6.1"
    else:
        res, why = boot_cachet(a.kernel, a.image, a.smp,
                               append + " rdinit=/selftests/run_all", a.timeout,
                               a.qemu_arg)
        kname = "cachet"
    if res is None:
        print(f"{a.suite}: SKIP: {why}")
        print("0 passed, 0 failed, 1 skipped")
        return 0
    text, secs = res
    if a.log:
        with open(a.log, "w") as f:
            f.write(text)
    progs, plan, took = split_programs(text)
    print(f"TAP version 13\n# {a.suite} selftests on {kname}, -smp {a.smp}, "
          f"{secs:.0f}s\n1..{max(plan or 0, len(progs))}")
    total, n = [0, 0, 0], 0
    for n, (name, (lines, end)) in enumerate(progs.items(), 1):
        checks, counts = judge(name, lines, end)
        ok = ktap.report_case(n, name, checks, took.get(name, 0.0),
                              tail=lambda l=lines: l[-20:])
        total = [t + c for t, c in zip(total, counts)]
        if not ok and not counts[1]:
            total[1] += 1
    missing = (plan or 0) - len(progs)
    if plan is None or missing > 0:
        print(f"not ok {n + 1} run_all # ran {len(progs)} of {plan} programs")
        print("# " + "\n# ".join(text.split("\n")[-30:]))
        total[1] += max(missing, 1)
    print(f"{total[0]} passed, {total[1]} failed, {total[2]} skipped")
    return 1 if total[1] else 0


if __name__ == "__main__":
    sys.exit(main())
