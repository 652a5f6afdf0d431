# SPDX-License-Identifier: GPL-2.0
"""PAT off, by the command line and by the CPU: every pat_* KTAP suite
must pass (cases that need PAT skip and say so), set_memory_*() must put
pages back to WB, and the alias check must agree."""
import ktap
from hardening_case import Case, log_lines

ALIAS = "cat /sys/kernel/debug/x86/pat_alias_check"


def ktest_check(why):
    def check(out, status):
        cases, _ = ktap.parse(out)
        failed = [f"{s}.{n}" for s, n, st in cases if st == "fail"]
        ran = [c for c in cases if c[2] == "pass"]
        yield ("QEMU exit status 1 (every suite passed)", status == 1,
               f"status {status}")
        yield ("no case failed", bool(cases) and not failed,
               ", ".join(failed[:8]))
        # the PAT-off paths are exercised, not skipped wholesale
        yield ("at least 20 cases ran with PAT off", len(ran) >= 20,
               f"{len(ran)} ran")
        yield (f"logged: x86/PAT: {why}",
               f"x86/PAT: {why}" in log_lines(out), "")
        yield ("no oops or panic", "Oops" not in out and "panic" not in out,
               "")
    return check


CASES = [
    Case("nopat-ktest-pat-smp2",
         ktest_check("PAT support disabled via boot option."),
         append="nopat ktest=pat_*", smp=2, debug_exit=True, timeout=300),
    Case("cpu-without-pat-ktest-pat-smp2",
         ktest_check("PAT not supported by the CPU."),
         append="ktest=pat_*", cpu="qemu64,-pat", smp=2, debug_exit=True,
         timeout=300),
]
