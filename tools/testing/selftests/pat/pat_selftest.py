#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""PAT end to end: boot cachet across a matrix of CPUs, parameters, memory
sizes and configurations, drive it through shell.run, and check what it
says and does.  Prints TAP (kselftest style) and a closing
"N passed, N failed, N skipped" line.

With --smp 1,2,4,8 the whole matrix runs once per CPU count (q35 runs one
host thread per virtual CPU): every CPU must then hold the same PAT and
MTRRs (/sys/kernel/debug/x86/pat_cpus) and show in /proc/cpuinfo.

usage: pat_selftest.py --kernel VMLINUX [--nopat-kernel VMLINUX] [-j N]
       [--only NAME] [--smp LIST]
"""
import argparse
import concurrent.futures
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "runner"))
import qemu  # noqa: E402

FULL = "x86/PAT: Configuration [0-7]: WB  WC  UC- UC  WB  WP  UC- WT  "
LOWER4 = "x86/PAT: Configuration [0-7]: WB  WC  UC- UC  WB  WC  UC- UC  "
FALLBACK = "x86/PAT: Configuration [0-7]: WB  WT  UC- UC  WB  WT  UC- UC  "
NO_CPU = "x86/PAT: PAT not supported by the CPU."
NO_PARAM = "x86/PAT: PAT support disabled via boot option."
NO_CONFIG = ("x86/PAT: PAT support disabled because CONFIG_X86_PAT is "
             "disabled in the kernel.")

# non-RAM far from RAM, the PCI windows and QEMU's devices (40-bit CPUs)
MMIO = 0x4000000000

SCRIPT = "; ".join([
    "cat /sys/kernel/debug/x86/pat_policy",
    "cat /sys/kernel/debug/x86/pat_memtype_list",
    f"pat reserve {MMIO:x} {MMIO + 0x4000:x} wc",
    f"pat reserve {MMIO + 0x1000:x} {MMIO + 0x2000:x} uc- ",
    f"pat reserve {MMIO:x} {MMIO + 0x1000:x} uc strict",
    f"pat lookup {MMIO + 0x3000:x}",
    f"pat free {MMIO + 0x1000:x} {MMIO + 0x2000:x}",
    f"pat free {MMIO:x} {MMIO + 0x4000:x}",
    f"pat lookup {MMIO:x}",
    "pat reserve 10 0 uc",
    "pat reserve zz 1000 uc",
    "pat reserve 1000 2000 xx",
    f"pat reserve {MMIO:x} {MMIO + 0x1000:x} wb",
    f"pat free {MMIO:x} {MMIO + 0x1000:x}",
    "cat /proc/mtrr",
    "cat /sys/kernel/debug/x86/pat_cpus",
    "cat /proc/cpuinfo",
    "poweroff",
])


def boot(kernel, cpu, mem, params, smp=1, timeout=180):
    append = (params + " " if params else "") + f'shell.run="{SCRIPT}"'
    return qemu.boot(kernel, append, cpu=cpu, mem=mem, smp=smp,
                     timeout=timeout)


command_output = qemu.command_output


def log_has(out, text):
    return any(re.sub(r"^\[\s*\d+\.\d+\] ", "", l) == text
               for l in out.split("\n"))


class Case:
    def __init__(self, name, cpu, mem="512M", params="", kernel="pat",
                 expect="full", smp=1):
        self.name, self.cpu, self.mem = name, cpu, mem
        self.params, self.kernel, self.expect = params, kernel, expect
        self.smp = smp

    def with_smp(self, smp):
        c = Case(self.name, self.cpu, self.mem, self.params, self.kernel,
                 self.expect, smp)
        if smp > 1:
            c.name += f"/smp{smp}"
        return c


MATRIX = [
    Case("qemu64", "qemu64"),
    Case("haswell", "Haswell"),
    Case("skylake-server", "Skylake-Server"),
    Case("epyc", "EPYC"),
    Case("qemu64-5G", "qemu64", mem="5G"),
    Case("skylake-server-5G", "Skylake-Server", mem="5G"),
    Case("no-pat-cpu", "qemu64,-pat", expect="no-cpu"),
    Case("intel-6-8-erratum", "qemu64,vendor=GenuineIntel,family=6,model=8",
         expect="lower4"),
    Case("nopat", "qemu64", params="nopat", expect="no-param"),
    Case("debugpat", "qemu64", params="debugpat", expect="debug"),
    Case("no-mtrr", "qemu64,-mtrr", expect="no-mtrr"),
    # a hypervisor that keeps the power-on PAT: the test hook fakes the
    # readback, the tables must follow what was read
    Case("msr-write-ignored", "qemu64",
         params="pat.test_readback=0007040600070406", expect="foreign"),
    Case("config-pat-n", "qemu64", kernel="nopat", expect="no-config"),
]


def checks_for(case, out, status):
    """Yield (description, ok, detail) for one boot."""
    on = case.expect in ("full", "lower4", "debug", "no-mtrr", "foreign")
    yield ("reached the shell and powered off",
           status == 0 and "# poweroff" in out, f"status {status}")
    line = {"full": FULL, "debug": FULL, "no-mtrr": FULL, "lower4": LOWER4,
            "foreign": FALLBACK}
    if on:
        yield ("Configuration line", log_has(out, line[case.expect]), "")
    else:
        reason = {"no-cpu": NO_CPU, "no-param": NO_PARAM,
                  "no-config": NO_CONFIG}[case.expect]
        yield ("reason line", log_has(out, reason), reason)
        yield ("fallback Configuration line", log_has(out, FALLBACK), "")
    pol = command_output(out, "cat /sys/kernel/debug/x86/pat_policy") or []
    yield ("pat_policy says " + ("enabled" if on else "disabled"),
           ("pat: enabled" if on else "pat: disabled") in pol, "")
    if case.expect == "foreign":
        yield ("the write that did not stick is reported",
               "IA32_PAT write did not stick" in out, "")
        yield ("pat_policy names the hypervisor as owner",
               any(l.startswith("msr owner: hypervisor") for l in pol), "")
    lst = command_output(out, "cat /sys/kernel/debug/x86/pat_memtype_list")
    if on:
        yield ("pat_memtype_list present, Linux header",
               lst is not None and lst[:1] == ["PAT memtype list:"], "")
        yield ("pat_memtype_list lines in Linux format",
               lst is not None and all(
                   re.fullmatch(r"PAT: \[mem 0x[0-9a-f]{16}-0x[0-9a-f]{16}\] "
                                r"(uncached|uncached-minus|write-back|"
                                r"write-combining|write-through|"
                                r"write-protected)", l) for l in lst[1:]
                   if l), "")
    else:
        yield ("pat_memtype_list absent while PAT is off",
               lst is not None and any("No such file" in l for l in lst), "")
    r = lambda c: command_output(out, c) or []
    base = f"pat reserve {MMIO:x} {MMIO + 0x4000:x} wc"
    sub = f"pat reserve {MMIO + 0x1000:x} {MMIO + 0x2000:x} uc-"
    strict = f"pat reserve {MMIO:x} {MMIO + 0x1000:x} uc strict"
    if on:
        yield ("reserve wc granted", r(base) == ["ok wc"], str(r(base)))
        yield ("ioremap-style reserve adopts wc", r(sub) == ["ok wc"],
               str(r(sub)))
        yield ("strict uc over wc refused",
               any("-EBUSY" in l for l in r(strict)), str(r(strict)))
        yield ("conflict message in Linux format",
               any(re.search(r"x86/PAT: sh:1 conflicting memory types "
                             r"[0-9a-f]+-[0-9a-f]+ write-combining<->"
                             r"write-combining|uncached<->write-combining",
                             l) for l in out.split("\n")), "")
        yield ("conflict names the holder",
               any("is held by" in l for l in out.split("\n")), "")
        yield ("lookup inside reservation is wc",
               r(f"pat lookup {MMIO + 0x3000:x}") == [
                   "wc (write-combining)"], "")
        yield ("lookup after free is uc-",
               r(f"pat lookup {MMIO:x}") == ["uc- (uncached-minus)"], "")
    else:
        yield ("PAT off: reserve granted as asked",
               r(base) == ["ok wc"], str(r(base)))
    yield ("start >= end refused", any("-EINVAL" in l for l in
                                       r("pat reserve 10 0 uc")), "")
    yield ("malformed hex refused", any("invalid hex" in l for l in
                                        r("pat reserve zz 1000 uc")), "")
    yield ("unknown mode refused", any("unknown mode" in l for l in
                                       r("pat reserve 1000 2000 xx")), "")
    wb = f"pat reserve {MMIO:x} {MMIO + 0x1000:x} wb"
    if case.expect == "no-mtrr":
        yield ("no MTRRs: WB stays WB", r(wb) == ["ok wb"], str(r(wb)))
        yield ("no MTRRs: /proc/mtrr absent",
               any("No such file" in l for l in r("cat /proc/mtrr")), "")
    elif on:
        # MMIO above RAM is UC by MTRR default? SeaBIOS: default WB, so the
        # MTRR hint leaves WB alone there.
        yield ("WB request answered", bool(r(wb)) and
               r(wb)[0].startswith("ok "), str(r(wb)))
    if case.expect == "debug":
        yield ("debugpat logs reservations",
               "memtype_reserve added" in out, "")
    else:
        yield ("no debug lines without debugpat",
               "memtype_reserve added" not in out, "")
    yield from smp_checks(case, out, on)
    yield ("no oops or panic", "Oops" not in out and "panic" not in out, "")


PAT_CPUS = re.compile(r"cpu(\d+): PAT=0x[0-9a-f]{16} MTRRdefType=0x[0-9a-f]+ "
                      r"MTRRs=([0-9a-f]{16}|none) apicid=\d+")


def smp_checks(case, out, on):
    n = case.smp
    yield (f"{n} CPU(s) brought up",
           log_has(out, f"smp: Brought up 1 node, {n} CPU"
                        + ("s" if n > 1 else "")), "")
    cpus = command_output(out, "cat /sys/kernel/debug/x86/pat_cpus") or []
    lines = [l for l in cpus if l]
    yield ("pat_cpus: one line per CPU in the documented format",
           len(lines) == n and all(PAT_CPUS.fullmatch(l) for l in lines),
           str(lines[:3]))
    yield ("pat_cpus: every CPU holds the same PAT and MTRRs",
           len({l.split(" apicid=")[0].split(": ", 1)[1]
                for l in lines}) == 1, str(lines[:3]))
    info = command_output(out, "cat /proc/cpuinfo") or []
    procs = [l for l in info if l.startswith("processor\t: ")]
    yield ("/proc/cpuinfo has a processor block per CPU",
           procs == [f"processor\t: {i}" for i in range(n)], str(procs))
    if n > 1 and case.expect != "no-mtrr":
        yield ("firmware's unprogrammed MTRRs corrected (Linux's messages)",
               log_has(out, "mtrr: corrected configuration."), "")


def run_case(case, kernels):
    kernel = kernels.get(case.kernel)
    if not kernel:
        return case, None, None, 0
    out, status, secs = boot(kernel, case.cpu, case.mem, case.params,
                             case.smp)
    return case, out, status, secs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--nopat-kernel")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--only")
    ap.add_argument("-v", action="store_true")
    ap.add_argument("--smp", default="1",
                    help="comma-separated CPU counts, e.g. 1,2,4,8")
    a = ap.parse_args()
    kernels = {"pat": a.kernel, "nopat": a.nopat_kernel}
    cases = [c.with_smp(int(n)) for n in a.smp.split(",") for c in MATRIX
             if not a.only or c.name == a.only]
    print("TAP version 13")
    print(f"1..{len(cases)}")
    passed = failed = skipped = 0
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        results = list(ex.map(lambda c: run_case(c, kernels), cases))
    for n, (case, out, status, secs) in enumerate(results, 1):
        if out is None:
            print(f"ok {n} {case.name} # SKIP no {case.kernel} kernel built")
            skipped += 1
            continue
        bad = []
        for desc, ok, detail in checks_for(case, out, status):
            print(f"# {case.name}: {'ok' if ok else 'FAIL'}: {desc}"
                  + (f" ({detail})" if detail and not ok else ""))
            if not ok:
                bad.append(desc)
        if bad:
            failed += 1
            print(f"not ok {n} {case.name} ({secs:.1f}s)")
            if a.v:
                print("# " + "\n# ".join(out.split("\n")[-60:]))
        else:
            passed += 1
            print(f"ok {n} {case.name} ({secs:.1f}s)")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
