#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""PAT end to end: boot cachet across a matrix of CPUs, parameters, memory
sizes and configurations, drive it through shell.run, and check what it
says and does.  Prints TAP (kselftest style) and a closing
"N passed, N failed, N skipped" line.

With --smp 1,2,4,8 the whole matrix runs once per CPU count (q35 runs one
host thread per virtual CPU): every CPU must then hold the same PAT and
MTRRs (/sys/kernel/debug/x86/pat_cpus) and show in /proc/cpuinfo.

usage: pat_selftest.py --kernel VMLINUX [--nopat-kernel VMLINUX]
       [--noktest-kernel VMLINUX] [-j N]
       [--only NAME] [--smp LIST]
"""
import argparse
import concurrent.futures
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "runner"))
import ktap  # noqa: E402
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
# non-RAM below 4 GiB, in q35's PCI hole and clear of its devices: where
# firmware's MTRRs usually say uncachable, unlike MMIO above
HOLE = 0xe0000000

# Linux's names (cattr_name) for the shell's modes
NAMES = {"wb": "write-back", "wc": "write-combining", "uc-": "uncached-minus",
         "uc": "uncached", "wt": "write-through", "wp": "write-protected"}

POLICY = "cat /sys/kernel/debug/x86/pat_policy"
LIST = "cat /sys/kernel/debug/x86/pat_memtype_list"
BASE = f"pat reserve {MMIO:x} {MMIO + 0x4000:x} wc"
SUB = f"pat reserve {MMIO + 0x1000:x} {MMIO + 0x2000:x} uc-"
STRICT = f"pat reserve {MMIO:x} {MMIO + 0x1000:x} uc strict"
FREE_SUB = f"pat free {MMIO + 0x1000:x} {MMIO + 0x2000:x}"
FREE_BASE = f"pat free {MMIO:x} {MMIO + 0x4000:x}"
BAD_RANGE = "pat reserve 10 0 uc"
BAD_HEX = "pat reserve zz 1000 uc"
BAD_MODE = "pat reserve 1000 2000 xx"
# RAM: a reservation remaps the direct map, its free maps it back
RAM_RES = "pat reserve 1000 2000 uc"
RAM_FREE = "pat free 1000 2000"
RAM_LOOKUP = "pat lookup 1000"
ALIAS = "cat /sys/kernel/debug/x86/pat_alias_check"
# beyond any MAXPHYADDR (52 bits at most): refused, never answered
BEYOND = ["pat lookup ffffffffffffffff",
          "pat reserve fffffffffffff000 ffffffffffffffff uc",
          "pat free 10000000000000 10000000001000"]
BEYOND_MSG = re.compile(r"pat: 0x[0-9a-f]+ is beyond the physical address "
                        r"space \(MAXPHYADDR \d+ bits\)")
ALIAS_OK = re.compile(r"ok: \d+ pages in \d+ mappings checked")
# a WB request is granted WB only where the MTRRs say WB
WB_PROBES = [(name, f"pat reserve {a:x} {a + 0x1000:x} wb",
              f"pat free {a:x} {a + 0x1000:x}", a)
             for name, a in (("far above RAM", MMIO),
                             ("in the PCI hole", HOLE))]

SCRIPT = "; ".join([
    POLICY,
    LIST,
    BASE,
    SUB + " ",
    STRICT,
    f"pat lookup {MMIO + 0x3000:x}",
    FREE_SUB,
    FREE_BASE,
    f"pat lookup {MMIO:x}",
    BAD_RANGE,
    BAD_HEX,
    BAD_MODE,
    RAM_RES, ALIAS, RAM_LOOKUP, RAM_FREE, ALIAS, RAM_LOOKUP,
] + BEYOND + [c for _, res, free, _ in WB_PROBES for c in (res, free)] + [
    LIST,
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


def log_lines(out):
    return [qemu.LOG_LINE.sub("", l) for l in out.split("\n")]


def log_has(out, text):
    return text in log_lines(out)


MTRR_LINE = re.compile(r"reg\d+: base=0x([0-9a-f]+) \(\s*\d+MB\), "
                       r"size=\s*(\d+)([KM])B, count=\d+: ([a-z-]+)")


def mtrr_type(out, start, end):
    """The MTRR types that cover [start, end), from what the boot itself
    printed: /proc/mtrr's ranges and pat_policy's "mtrr:" line (default
    type, enabled or not).  Returns a set of /proc/mtrr type names, the
    empty set when the CPU has no MTRRs, or None when the boot did not
    say enough to tell."""
    pol = command_output(out, POLICY) or []
    line = next((l for l in pol if l.startswith("mtrr: ")), None)
    if line is None:
        return None
    if line.startswith("mtrr: none"):
        return set()
    m = re.match(r"mtrr: (enabled|disabled), default ([a-z-]+),", line)
    if not m:
        return None
    if m.group(1) == "disabled":
        return {"uncachable"}             # E=0: all memory is UC (SDM)
    types, covered = set(), []
    for l in command_output(out, "cat /proc/mtrr") or []:
        r = MTRR_LINE.fullmatch(l)
        if not r:
            return None
        base = int(r.group(1), 16)
        size = int(r.group(2)) << (10 if r.group(3) == "K" else 20)
        if base < end and start < base + size:
            types.add(r.group(4))
            covered.append((max(base, start), min(base + size, end)))
    # any part no variable range covers has the default type
    pos = start
    for b, e in sorted(covered):
        if b > pos:
            break
        pos = max(pos, e)
    if pos < end:
        types.add(m.group(2))
    return types


def expected_wb(case, out, start, end):
    """(answer, why) the shell must give to a WB reserve of [start, end):
    Linux's rule, a WB request where the MTRRs do not say write-back
    becomes UC-, worked out from the boot's own MTRR report."""
    if case.expect in ("no-cpu", "no-param", "no-config"):
        return "ok wb", "PAT off: granted as asked"
    types = mtrr_type(out, start, end)
    if types is None:
        return None, "the boot did not report its MTRRs"
    if not types:
        return "ok wb", "no MTRRs"
    if types == {"write-back"}:
        return "ok wb", "MTRR write-back"
    return "ok uc-", "MTRR " + "+".join(sorted(types))


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
    # no test instrumentation (memtype log, pat bench, test parameters)
    Case("config-ktest-n", "qemu64", kernel="noktest"),
    # a previous kernel left Linux's layout in IA32_PAT, this one boots with
    # nopat: the tables must follow the MSR (ioremap_wt gets WT, not the WC
    # of slot 1); the KTAP suite checks it from inside (preset_checks)
    Case("nopat-preset-layout", "qemu64",
         params="nopat pat.test_preset=0407050600070106 ktest=pat_memtype",
         expect="preset"),
]


def checks_for(case, out, status):
    """Yield (description, ok, detail) for one boot."""
    if case.expect == "preset":
        yield from preset_checks(case, out, status)
        return
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
    pol = command_output(out, POLICY) or []
    yield ("pat_policy says " + ("enabled" if on else "disabled"),
           ("pat: enabled" if on else "pat: disabled") in pol, "")
    if case.expect == "foreign":
        read = re.search(r"pat\.test_readback=([0-9a-f]{16})", case.params)
        stuck = read and ("x86/PAT: IA32_PAT write did not stick (wrote "
                          f"0x0407050600070106, read 0x{read.group(1)}): ")
        yield ("the write that did not stick is reported, with both values",
               bool(stuck) and any(l.startswith(stuck) and len(l) > len(stuck)
                                   for l in log_lines(out)), str(stuck))
        yield ("pat_policy names the hypervisor as owner",
               any(l.startswith("msr owner: hypervisor") for l in pol), "")
    lst = command_output(out, LIST)
    if on:
        yield ("pat_memtype_list present, Linux header",
               lst is not None and lst[:1] == ["PAT memtype list:"], "")
        entries = [l for l in (lst or [])[1:] if l]
        starts = [l[12:28] for l in entries]     # 16 hex digits
        # the boot's own reservations (ECAM, LAPIC, framebuffer...) are there
        yield ("pat_memtype_list lines in Linux format, in start order",
               bool(entries) and starts == sorted(starts) and all(
                   re.fullmatch(r"PAT: \[mem 0x[0-9a-f]{16}-0x[0-9a-f]{16}\] "
                                r"(uncached|uncached-minus|write-back|"
                                r"write-combining|write-through|"
                                r"write-protected)", l) for l in entries),
               str(entries[:3]))
    else:
        yield ("pat_memtype_list absent while PAT is off",
               lst == [f"cat: {LIST.split()[1]}: No such file or directory"],
               str(lst))
    yield ("pat_memtype_list the same after the script: every reservation "
           "freed, bad input changed nothing",
           lst is not None and command_output(out, LIST, 1) == lst,
           str(command_output(out, LIST, 1)))
    r = lambda c: command_output(out, c) or []
    shell_conflicts = [l for l in log_lines(out)
                       if "sh:1 conflicting memory types" in l]
    if on:
        # WC as the layout in force maps it: UC- in a layout without WC
        # (the power-on layout a hypervisor may keep)
        cfg = next((l for l in log_lines(out)
                    if "x86/PAT: Configuration [0-7]:" in l), "")
        wc = "wc" if " WC " in cfg + " " else "uc-"
        yield (f"reserve wc granted {wc}", r(BASE) == [f"ok {wc}"],
               str(r(BASE)))
        yield (f"ioremap-style reserve adopts {wc}", r(SUB) == [f"ok {wc}"],
               str(r(SUB)))
        yield ("strict uc over wc refused",
               len(r(STRICT)) == 1 and re.fullmatch(
                   rf"pat: reserve {MMIO:#x}-{MMIO + 0x1000:#x} uc: "
                   r"-EBUSY\b.*", r(STRICT)[0]) is not None, str(r(STRICT)))
        # the strict request [MMIO, MMIO + 0x1000) uc met BASE's wc
        conflict = ("x86/PAT: sh:1 conflicting memory types "
                    f"{MMIO:x}-{MMIO + 0x1000:x} "
                    f"{NAMES['uc']}<->{NAMES[wc]}")
        strict_log = qemu.command_log(out, STRICT) or []
        yield ("conflict message in Linux format, for the strict request",
               conflict in strict_log, str(strict_log))
        yield ("no other conflict from the shell (SUB adopts quietly)",
               shell_conflicts == [conflict], str(shell_conflicts))
        holder = re.compile(
            rf"x86/PAT: \[mem {MMIO:#010x}-{MMIO + 0x4000 - 1:#010x}\] "
            rf"{NAMES[wc]} is held by [A-Za-z_]\w*\+0x[0-9a-f]+/0x[0-9a-f]+"
            r"( \(\S+\))?")
        yield ("conflict names the holder: BASE's range, type and code",
               any(holder.fullmatch(l) for l in strict_log),
               str(strict_log))
        yield (f"lookup inside reservation is {wc}",
               r(f"pat lookup {MMIO + 0x3000:x}") == [
                   f"{wc} ({NAMES[wc]})"], "")
        yield ("lookup after free is uc-",
               r(f"pat lookup {MMIO:x}") == ["uc- (uncached-minus)"], "")
    else:
        yield ("PAT off: every request granted as asked",
               (r(BASE), r(SUB), r(STRICT)) == (["ok wc"], ["ok uc-"],
                                                ["ok uc"]),
               str((r(BASE), r(SUB), r(STRICT))))
        yield ("PAT off: no conflict", shell_conflicts == [],
               str(shell_conflicts))
        yield ("PAT off: lookups say wb",
               r(f"pat lookup {MMIO + 0x3000:x}") == ["wb (write-back)"] and
               r(f"pat lookup {MMIO:x}") == ["wb (write-back)"], "")
    yield ("every free answered ok",
           all(r(c) == ["ok"] for c in [FREE_SUB, FREE_BASE] +
               [free for _, _, free, _ in WB_PROBES]),
           str([r(c) for c in [FREE_SUB, FREE_BASE]]))
    yield ("start >= end refused",
           len(r(BAD_RANGE)) == 1 and
           re.fullmatch(r"pat: reserve 0x10-0x0 uc: -EINVAL\b.*",
                        r(BAD_RANGE)[0]) is not None, str(r(BAD_RANGE)))
    yield ("malformed hex refused",
           r(BAD_HEX) == ["pat: invalid hex address 'zz'"], str(r(BAD_HEX)))
    yield ("unknown mode refused",
           len(r(BAD_MODE)) == 1 and
           r(BAD_MODE)[0].startswith("pat: unknown mode 'xx' "),
           str(r(BAD_MODE)))
    yield from ram_checks(out)
    for cmd in BEYOND:
        yield (f"beyond MAXPHYADDR refused: {cmd}",
               len(r(cmd)) == 1 and BEYOND_MSG.fullmatch(r(cmd)[0]) is not None,
               str(r(cmd)))
    for where, cmd, _, a in WB_PROBES:
        want, why = expected_wb(case, out, a, a + 0x1000)
        yield (f"WB request {where} answered {want} ({why})",
               want is not None and r(cmd) == [want], str(r(cmd)))
    if case.expect == "no-mtrr":
        yield ("no MTRRs: /proc/mtrr absent",
               r("cat /proc/mtrr") == [
                   "cat: /proc/mtrr: No such file or directory"], "")
    if case.expect == "debug":
        added = ("x86/PAT: memtype_reserve added "
                 f"[mem {MMIO:#010x}-{MMIO + 0x4000 - 1:#010x}], "
                 f"track {NAMES['wc']}, req {NAMES['wc']}, ret {NAMES['wc']}")
        freed = ("x86/PAT: memtype_free request "
                 f"[mem {MMIO:#010x}-{MMIO + 0x4000 - 1:#010x}]")
        yield ("debugpat logs BASE's reservation",
               added in (qemu.command_log(out, BASE) or []),
               str(qemu.command_log(out, BASE)))
        yield ("debugpat logs BASE's free",
               freed in (qemu.command_log(out, FREE_BASE) or []),
               str(qemu.command_log(out, FREE_BASE)))
    else:
        yield ("no debug lines without debugpat",
               "memtype_reserve added" not in out, "")
    yield from smp_checks(case, out, on)
    yield ("no oops or panic", "Oops" not in out and "panic" not in out, "")


def ram_checks(out):
    """A shell reservation of RAM changes the direct map like
    set_memory_uc(), and its free changes it back: the alias verifier,
    which compares what is reserved with what is mapped, stays clean."""
    r = lambda c, n=0: command_output(out, c, n) or []
    yield ("RAM reservation granted uc", r(RAM_RES) == ["ok uc"],
           str(r(RAM_RES)))
    # RAM is counted whether PAT is on or off (pat.rst, When PAT is off)
    yield ("RAM page looks up uc while held",
           r(RAM_LOOKUP) == ["uc (uncached)"], str(r(RAM_LOOKUP)))
    yield ("alias check ok while RAM is held uc",
           len(r(ALIAS)) == 1 and ALIAS_OK.fullmatch(r(ALIAS)[0]) is not None,
           str(r(ALIAS)))
    yield ("RAM reservation freed", r(RAM_FREE) == ["ok"], str(r(RAM_FREE)))
    yield ("RAM page looks up wb after the free",
           r(RAM_LOOKUP, 1) == ["wb (write-back)"], str(r(RAM_LOOKUP, 1)))
    yield ("alias check ok after the free",
           len(r(ALIAS, 1)) == 1 and
           ALIAS_OK.fullmatch(r(ALIAS, 1)[0]) is not None, str(r(ALIAS, 1)))


PRESET_KTAP = ("pat_test_protval_selects_msr_slot", "pat_test_ioremap_wt_slot",
               "pat_test_policy_names_msr")


def preset_checks(case, out, status):
    """nopat with Linux's layout preset in every CPU's MSR, booted with
    ktest=pat_memtype (no shell: the suite powers off when done)."""
    yield ("ran the suite and powered off",
           status == 0 and log_has(out, "reboot: Power down"),
           f"status {status}")
    yield ("reason line", log_has(out, NO_PARAM), NO_PARAM)
    yield ("Configuration line shows the preset layout",
           log_has(out, FULL) and not log_has(out, FALLBACK), "")
    cases, _ = ktap.parse(out)
    got = {name: st for suite, name, st in cases if suite == "pat_memtype"}
    for name in PRESET_KTAP:
        yield (f"KTAP {name} passed", got.get(name) == "pass",
               str(got.get(name)))
    yield ("no KTAP case failed", bool(got) and "fail" not in got.values(),
           str([n for n, st in got.items() if st == "fail"]))
    yield ("ioremap_wt maps WT: slot 7 of the preset layout",
           "# pat_test_ioremap_wt_slot: ioremap_wt: slot 7 of "
           "0x0407050600070106" in out, "")
    n = case.smp
    yield (f"{n} CPU(s) brought up",
           log_has(out, f"smp: Brought up 1 node, {n} CPU"
                        + ("s" if n > 1 else "")), "")
    yield ("every CPU holds the preset",
           log_has(out, "x86/PAT: PAT 0x0407050600070106 and MTRRs identical"
                        f" on {n} CPU" + ("s" if n > 1 else "")), "")
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
    if case.expect != "no-cpu":
        # TCG reads a PAT-less CPU's MSR as 0; the hook of "foreign"
        # leaves the value it fakes in the MSR of every CPU
        pol = [l for l in command_output(out, POLICY) or []
               if l.startswith("layout: ")]
        msr = re.search(r"\(IA32_PAT (0x[0-9a-f]{16})\)$", pol[0]) \
            if pol else None
        yield ("pat_cpus: every CPU holds the IA32_PAT pat_policy reports",
               msr is not None and bool(lines) and
               all(f" PAT={msr.group(1)} " in f" {l} " for l in lines),
               f"{pol[:1]} {lines[:2]}")
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
    ap.add_argument("--noktest-kernel")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--only")
    ap.add_argument("-v", action="store_true")
    ap.add_argument("--smp", default="1",
                    help="comma-separated CPU counts, e.g. 1,2,4,8")
    a = ap.parse_args()
    kernels = {"pat": a.kernel, "nopat": a.nopat_kernel,
               "noktest": a.noktest_kernel}
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
        tail = (lambda: out.split("\n")[-60:]) if a.v else None
        if ktap.report_case(n, case.name, checks_for(case, out, status),
                            secs, tail):
            passed += 1
        else:
            failed += 1
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
