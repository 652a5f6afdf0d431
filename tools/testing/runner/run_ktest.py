#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Boot with ktest=GLOB on a few machines and report every KTAP case;
suites in PARAM_BOOTS that GLOB matches boot once more with their
parameter.

usage: run_ktest.py --kernel VMLINUX [--glob GLOB] [--smp N]
"""
import argparse
import fnmatch
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ktap  # noqa: E402
import qemu  # noqa: E402

TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
LOGCHECK = os.path.join(TOP, "tools", "testing", "pat", "memtype-logcheck")

# suite, parameter: suites with cases that need a differently booted
# machine, run once more so booted ("nomodeset": the VGA left free for
# efifb's hand-over to bochs)
PARAM_BOOTS = [
    ("efifb", "nomodeset"),
]

CONFIGS = [
    ("q35", "qemu64", "512M"),
    ("q35", "Skylake-Server", "5G"),
    ("pc", "Haswell", "128M"),
]


def replay_memtype_log(out, cases):
    """Yield at most one (status, why) for the replay of pat_smp's memtype
    log: nothing when pat_smp did not run, a failure when it ran but
    printed no log, a skip when the replay tool is not built."""
    if not any(suite == "pat_smp" for suite, _, _ in cases):
        return
    if "memtype_log: begin" not in out:
        yield "fail", "pat_smp ran but printed no memtype log"
    elif not os.access(LOGCHECK, os.X_OK):
        yield "skip", (f"{os.path.relpath(LOGCHECK, TOP)} not built "
                       "(make -C tools/testing/pat memtype-logcheck)")
    else:
        r = subprocess.run([LOGCHECK, "-q", "-"], input=out, text=True,
                           capture_output=True)
        said = (r.stdout + r.stderr).strip().splitlines()
        yield ("pass" if r.returncode == 0 else "fail",
               said[0] if said else f"exit status {r.returncode}")


def run_boot(a, machine, cpu, mem, glob, append):
    """One boot with ktest=@glob: prints every case, returns the counts."""
    name = f"{machine}/{cpu}/{mem}"
    if a.smp > 1:
        name += f"/smp{a.smp}"
    if append:
        name += f"/{append.split()[0]}"
    out, status, secs = qemu.boot(a.kernel, f"ktest={glob} {append}",
                                  machine=machine, cpu=cpu, mem=mem,
                                  smp=a.smp, debug_exit=True)
    cases, suites = ktap.parse(out)
    for suite, case, st in cases:
        print(f"{'not ok' if st == 'fail' else 'ok'} - {name}: "
              f"{suite}.{case}{' # SKIP' if st == 'skip' else ''}")
    for res, why in replay_memtype_log(out, cases):
        # pat_smp's operation log, replayed on the reference model
        cases.append(("pat_smp", "memtype_log_replays", res))
        print(f"{'not ok' if res == 'fail' else 'ok'} - {name}: "
              f"pat_smp.memtype_log_replays"
              f"{' # SKIP ' if res == 'skip' else ': '}{why}")
    p = sum(st == "pass" for _, _, st in cases)
    f = sum(st == "fail" for _, _, st in cases)
    s = sum(st == "skip" for _, _, st in cases)
    ok_exit = status == 1 if f == 0 else status == 3
    if not cases or not ok_exit:
        f += 1
        print(f"not ok - {name}: run ended with status {status} "
              f"after {len(cases)} cases")
        print("# " + "\n# ".join(out.split("\n")[-40:]))
    elif f:
        print("# " + "\n# ".join(l for l in out.split("\n")
                                 if l.strip().startswith("# ")
                                 and ":" in l)[-4000:])
    print(f"# {name}: {p} passed, {f} failed, {s} skipped in {secs:.1f}s")
    return p, f, s


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--glob", default="*")
    # KTEST_APPEND: more parameters, e.g. make check FULL=1's loop counts
    ap.add_argument("--append", default=os.environ.get("KTEST_APPEND", ""))
    ap.add_argument("--smp", type=int, default=1)
    a = ap.parse_args()
    passed = failed = skipped = 0
    boots = [(m, c, mem, a.glob, a.append) for m, c, mem in CONFIGS]
    # suites that need the machine booted differently, once, on the first
    for suite, param in PARAM_BOOTS:
        if fnmatch.fnmatchcase(suite, a.glob):
            m, c, mem = CONFIGS[0]
            boots.append((m, c, mem, suite, f"{param} {a.append}".strip()))
    for machine, cpu, mem, glob, append in boots:
        p, f, s = run_boot(a, machine, cpu, mem, glob, append)
        passed, failed, skipped = passed + p, failed + f, skipped + s
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
