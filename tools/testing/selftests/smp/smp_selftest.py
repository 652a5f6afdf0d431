#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""SMP end to end: the pat_smp KTAP suite at 1, 2, 4 and 8 CPUs with its
operation log replayed on the host reference model (memtype-logcheck),
the sched suite at 1, 2 and 4 CPUs and with CONFIG_SMP=n,
CPU offline/online rounds over every CPU but 0 at 4 CPUs with the
pat_smp stress running (pat_smp.test_stress_hotplug; $CPU_HOTPLUG_ROUNDS
rounds, default 50, 1000 with make check FULL=1) and the cpu_hotplug
suite, the shell's view of the CPUs (up to 64, and a 65th refused), bad
bring-up input, a CPU that joined but is slower than the time-out (waited
for, not given up), a CONFIG_SMP=n kernel, an oops on a secondary CPU,
alone and with another CPU locked up (which only an NMI stops), and the
runner's report of where each CPU was when a boot times out.  Prints TAP
and a closing "N passed, N failed, N skipped" line; the figures the
issue asks for (bring-up time per CPU, operations per CPU, shootdowns in
"pat bench") are printed as "# figure:" lines.

usage: smp_selftest.py --kernel VMLINUX --logcheck TOOL
       [--nosmp-kernel VMLINUX] [-j N] [--only NAME]
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "runner"))
import ktap  # noqa: E402
import qemu  # noqa: E402

STRIP = re.compile(r"^\[\s*\d+\.\d+\] ")


def log_lines(out):
    return [STRIP.sub("", l) for l in out.split("\n")]


def log_has(out, text):
    return text in log_lines(out)


def brought_up(n):
    return f"smp: Brought up 1 node, {n} CPU" + ("s" if n > 1 else "")


class Case:
    def __init__(self, name, smp, append, kind, kernel="smp", **want):
        self.name, self.smp, self.append = name, smp, append
        self.kind, self.kernel, self.want = kind, kernel, want


HOTPLUG_ROUNDS = int(os.environ.get("CPU_HOTPLUG_ROUNDS", "50"))

SHELL = ('shell.run="cat /sys/kernel/debug/x86/pat_cpus; '
         'cat /proc/cpuinfo; pat bench; poweroff"')

CASES = [Case(f"pat_smp/smp{n}", n, "ktest=pat_smp*", "ktest")
         for n in (1, 2, 8)] + [
    # at 4 CPUs with $CPU_HOTPLUG_ROUNDS rounds of offline/online
    Case("pat_smp/smp4", 4,
         f"ktest=pat_smp* pat_smp.hotplug_rounds={HOTPLUG_ROUNDS}", "ktest",
         timeout=300 + HOTPLUG_ROUNDS)] + [
    # the scheduler's suite at each size, and with CONFIG_SMP=n below
    Case(f"sched/smp{n}", n, "ktest=sched", "ktest") for n in (1, 2, 4)] + [
    Case("cpu_hotplug/smp4", 4, "ktest=cpu_hotplug", "ktest", skips_ok=True),
    Case("shell/smp4", 4, SHELL, "shell", online=4),
    Case("shell/smp2-no-mtrr", 2, SHELL, "shell", online=2,
         cpu="qemu64,-mtrr"),
    Case("shell/smp64", 64, SHELL, "shell", online=64),
    Case("smp65-over-the-limit", 65, SHELL, "shell", online=64,
         msgs=["smpboot: MADT LAPIC entry 64 (APIC ID 0x40, ACPI ID 0x40): "
               "over the CPU limit, ignored"]),
    Case("bad-values", 4, "nr_cpus=0 maxcpus=abc cpu_init_udelay=abc "
         + SHELL, "shell",
         online=4, msgs=["smpboot: nr_cpus=0 refused: expected a number "
                         "of CPUs from 1 to 64",
                         "smpboot: maxcpus=abc refused: expected a number "
                         "of CPUs from 0 to 64",
                         "smpboot: cpu_init_udelay=abc refused: expected "
                         "microseconds from 0 to 100000"]),
    Case("out-of-range", 4, "nr_cpus=65 maxcpus=99 cpu_init_udelay=100001 "
         "smpboot.timeout_ms=999 " + SHELL, "shell",
         online=4, msgs=["smpboot: nr_cpus=65 refused: expected a number "
                         "of CPUs from 1 to 64",
                         "smpboot: cpu_init_udelay=100001 refused: "
                         "expected microseconds from 0 to 100000",
                         "smpboot: smpboot.timeout_ms=999 refused: "
                         "expected milliseconds from 1000 to 60000"]),
    # the MP specification's wait, which qemu64 (AMD family 0xf) skips
    Case("nr_cpus=2", 4, "nr_cpus=2 cpu_init_udelay=10000 " + SHELL,
         "shell", online=2, init_wait=10000),
    # the others stay possible, offline, as on Linux
    Case("maxcpus=1", 4, "maxcpus=1 " + SHELL, "shell", online=1,
         offline=[1, 2, 3]),
    Case("cpu-never-starts", 4,
         "smpboot.test_deaf=2 smpboot.timeout_ms=1000 " + SHELL, "shell",
         online=3, parked=2, offline=[2],
         msgs=["smpboot: CPU2 (APIC ID 0x2) did not come online "
               "in 1000 ms (it never reached the trampoline), skipped"]),
    Case("madt-absent-dup-bad-ids", 4,
         "smpboot.test_extra_lapic=0x40,1,0xff smpboot.timeout_ms=1000 "
         + SHELL, "shell", online=4, offline=[4],
         msgs=["smpboot: MADT LAPIC entry 5 (APIC ID 0x1, ACPI ID 0xff): "
               "duplicate APIC ID, ignored",
               "smpboot: MADT LAPIC entry 6 (APIC ID 0xff, ACPI ID 0xff): "
               "bad APIC ID, ignored",
               "smpboot: CPU4 (APIC ID 0x40) did not come online in 1000 "
               "ms (it never reached the trampoline), skipped"]),
    # online, then slower than the 1 s limit to end its bring-up: it had
    # joined, so the boot CPU waits for it instead of giving it up
    Case("slow-cpu-joined-is-waited-for", 4,
         "smpboot.timeout_ms=1000 smpboot.test_slow=2 " + SHELL, "shell",
         online=4, slow=2),
    # a copy of QEMU's MADT damaged as broken firmware would have it
    Case("madt-entry-length-0", 4, "apic.test_madt_zero=3 " + SHELL,
         "shell", online=3,
         msgs=["ACPI: MADT entry 3 at offset 68 is malformed (length 0), "
               "rest ignored", "APIC: 3 CPU(s), 0 IO-APIC(s)"]),
    Case("madt-truncated", 4, "apic.test_madt_cut=3 " + SHELL, "shell",
         online=4,
         msgs=["ACPI: MADT entry 10 at offset 138 is malformed (length 6), "
               "rest ignored", "APIC: 4 CPU(s), 1 IO-APIC(s)"]),
    Case("config-smp-n", 4, "ktest=pat_smp*", "ktest", kernel="nosmp"),
    Case("config-smp-n-sched", 4, "ktest=sched", "ktest", kernel="nosmp"),
    Case("oops-on-cpu2", 4, "test.crash_cpu=2", "oops", nmi=False),
    Case("oops-with-cpu1-locked-up", 4, "test.crash_cpu=2 test.hang_cpu=1",
         "oops", nmi=True),
    # a boot that never ends: the runner says where each CPU was
    Case("timeout-reports-each-cpu", 2, 'shell.run="echo parked" loglevel=3',
         "hang", timeout=15),
]


def run(case, kernels, logcheck):
    kernel = kernels.get(case.kernel)
    if not kernel:
        return None
    if "parked" in case.want:
        # ask QEMU, once the guest is off, what the skipped CPU is doing
        out, answers, secs = qemu.boot_then_inspect(
            kernel, ["info registers -a"], case.append, smp=case.smp,
            cpu=case.want.get("cpu", "qemu64"), timeout=300)
        return out, 0 if answers else None, secs, answers
    out, status, secs = qemu.boot(kernel, case.append, smp=case.smp,
                                  cpu=case.want.get("cpu", "qemu64"),
                                  debug_exit=case.kind in ("ktest", "oops"),
                                  timeout=case.want.get("timeout", 300))
    checked = None
    if case.kind == "ktest" and "memtype_log: begin" in out:
        p = subprocess.run([logcheck, "-"], input=out, text=True,
                           capture_output=True)
        checked = (p.returncode, p.stdout + p.stderr)
    return out, status, secs, checked


def ktest_checks(case, out, status, checked):
    cases, _ = ktap.parse(out)
    ok = ("pass", "skip") if case.want.get("skips_ok") else ("pass",)
    n = 1 if case.kernel == "nosmp" else case.smp
    # offline/online needs a second CPU: on one it must say so and skip
    alone = {("pat_smp", "test_stress_hotplug")} if n == 1 else set()
    yield ("KTAP suite ran and " +
           ("no case failed" if len(ok) > 1 else "every case passed"),
           status == 1 and cases and all(
               st in ok or (st == "skip" and (su, c) in alone)
               for su, c, st in cases),
           f"status {status}, {len(cases)} cases")
    if alone and "pat_smp" in case.append:
        yield ("on one CPU the hotplug stress is skipped",
               ("pat_smp", "test_stress_hotplug", "skip") in cases, "")
    if case.kernel == "nosmp":
        yield ("CONFIG_SMP=n says so and stays on one CPU",
               log_has(out, "smp: CONFIG_SMP is not set: running on the "
                       "boot CPU only"), "")
    else:
        yield (f"{n} CPU(s) brought up", log_has(out, brought_up(n)), "")
    if "pat_smp" in case.append:
        yield ("the memtype log was printed and replayed",
               checked is not None, "")
    if checked:
        yield ("memtype-logcheck: every answer matches the model",
               checked[0] == 0, checked[1].strip()[-300:])
    yield ("no oops or panic", "Oops" not in out and "panic" not in out, "")


def shell_checks(case, out, status, answers):
    n = case.want["online"]
    yield ("reached the shell and powered off",
           status == 0 and "# poweroff" in out, f"status {status}")
    yield (f"{n} CPU(s) online", log_has(out, brought_up(n)), "")
    if n > 1:
        want = case.want.get("init_wait", 0)
        lines = log_lines(out)
        waits = [int(m.group(1)) for l in lines for m in
                 [re.search(r"bring-up took \d+ us per CPU on average "
                            r"\(INIT wait (\d+) us\)$", l)] if m]
        took = [int(m.group(1)) for l in lines for m in
                [re.match(r"smpboot: CPU\d+ \(APIC ID 0x[0-9a-f]+\) "
                          r"online in (\d+) us$", l)] if m]
        yield (f"INIT to STARTUP wait {want} us, no CPU up sooner",
               waits == [want] and len(took) == n - 1 and
               all(t >= want for t in took), f"{waits} {took}")
    for m in case.want.get("msgs", []):
        yield (f"logged: {m[:60]}...", log_has(out, m), "")
    if "slow" in case.want:
        cpu = case.want["slow"]
        us = [int(m.group(1)) for l in log_lines(out) for m in
              [re.match(rf"smpboot: CPU{cpu} \(APIC ID 0x[0-9a-f]+\) "
                        r"online in (\d+) us$", l)] if m]
        yield (f"CPU{cpu} came online after the 1000 ms limit, not given up",
               len(us) == 1 and us[0] > 1000000 and
               "did not come online" not in out, str(us))
    lines = [l for l in qemu.command_output(
        out, "cat /sys/kernel/debug/x86/pat_cpus") or [] if l]
    cpus = [l for l in lines if not l.endswith(": offline")]
    offline = [l for l in lines if l.endswith(": offline")]
    want = [f"cpu{c}: offline" for c in case.want.get("offline", [])]
    yield ("pat_cpus marks " + (f"{want} " if want else "no CPU ") +
           "offline", offline == want, str(offline))
    yield ("pat_cpus lists every online CPU, all identical",
           len(cpus) == n and len({l.split(" apicid=")[0].split(": ")[1]
                                   for l in cpus}) == 1, str(cpus[:2]))
    if "-mtrr" in case.want.get("cpu", ""):
        yield ("no MTRRs: nothing to correct, pat_cpus says none",
               "mtrr: corrected configuration." not in out and
               bool(cpus) and all("MTRRs=none" in l for l in cpus),
               str(cpus[:2]))
    elif n > 1:
        yield ("MTRRs corrected with Linux's messages",
               log_has(out, "mtrr: your CPUs had inconsistent variable MTRR "
                       "settings") and
               log_has(out, "mtrr: probably your BIOS does not setup all "
                       "CPUs.") and
               log_has(out, "mtrr: corrected configuration."), "")
    procs = [l for l in qemu.command_output(out, "cat /proc/cpuinfo") or []
             if l.startswith("processor\t: ")]
    yield ("/proc/cpuinfo: a block per online CPU", len(procs) == n,
           str(procs))
    bench = qemu.command_output(out, "pat bench") or []
    sd = [int(m.group(1)) for l in bench
          for m in [re.search(r"shootdowns +(\d+)", l)] if m]
    # alone, a CPU has nobody to shoot down; with others, every
    # set_memory_* and ioremap round does
    yield ("pat bench reports shootdowns: " +
           ("none on one CPU" if n == 1 else "some on every line"),
           bool(sd) and all((s == 0) if n == 1 else (s > 0) for s in sd),
           str(sd))
    if "parked" in case.want:
        cpu = case.want["parked"]
        st = qemu.cpu_states((answers or {}).get("info registers -a", ""))
        # halted, not sent off to real-mode page 0 by a stray STARTUP
        yield (f"CPU{cpu}, skipped, is left halted and never started",
               st.get(cpu, (0, False))[1] and st[cpu][0] != 0, str(st))
    yield ("no oops or panic", "Oops" not in out and "panic" not in out, "")


def oops_checks(case, out, status):
    lines = log_lines(out)
    yield ("panic ends the run through isa-debug-exit (status 3)",
           status == 3, f"status {status}")
    for want in ("BUG: unable to handle page fault for address: "
                 "0000000000000000",
                 "#PF: supervisor write access in kernel mode",
                 "CPU: 2 PID: 0 Comm: swapper/2",
                 "Kernel panic - not syncing: Fatal exception"):
        yield (f"logged: {want}", want in lines, "")
    yield ("RIP symbolized", any(l.startswith("RIP: 0010:crash_here+")
                                 for l in lines), "")
    yield ("backtrace printed", "Call Trace:" in lines, "")
    # a locked-up CPU ignores the stop vector; only an NMI stops it
    nmi = "Shutting down cpus with NMI" in lines
    yield ("the other CPUs stopped by " +
           ("NMI after the stop vector" if case.want["nmi"] else
            "the stop vector alone"), nmi == case.want["nmi"], "")
    yield ("no CPU left running", not any(
        re.match(r"smp: \d+ CPU\(s\) did not stop", l) for l in lines), "")


# a CPU's hang line in its idle loop: halted there, or running an
# interrupt on top of it, down to the start of the boot or secondary CPU
IDLE_CPU = re.compile(
    r"hang: cpu\d+ (halted at .*cpu_startup_entry\+|running at ).* < "
    r"(start_secondary\+0x[0-9a-f]+ < secondary_startup_64|"
    r"start_kernel\+0x[0-9a-f]+ < x86_64_start_kernel\+0x[0-9a-f]+ < "
    r"startup_64)\+0x[0-9a-f]+$")


def hang_checks(case, out, status):
    """qemu.boot()'s time-out report: the shell (left waiting for input)
    and the idle CPU, each with a symbolised backtrace, then the messages
    loglevel=3 kept off the console"""
    lines = out.split("\n")
    hang = [l for l in lines if re.match(r"hang: cpu\d+ \w+ at ", l)]
    apic = [l for l in lines if re.match(
        r"hang: cpu\d+ apic TPR=0x[0-9a-f]+ PPR=0x[0-9a-f]+ ISR=\S+ IRR=\S+$",
        l)]
    hidden = [l[len("hang: log: "):] for l in lines
              if l.startswith("hang: log: ")]
    shown = set(lines[:lines.index("<timeout>")] if "<timeout>" in lines
                else lines)
    yield ("timed out, and said so", status is None and "<timeout>" in lines,
           f"status {status}")
    yield (f"one hang line per CPU ({case.smp})",
           sorted(l.split()[1] for l in hang) ==
           [f"cpu{c}" for c in range(case.smp)], "; ".join(hang))
    yield ("one local APIC line per CPU",
           sorted(l.split()[1] for l in apic) ==
           [f"cpu{c}" for c in range(case.smp)], "; ".join(apic))
    yield ("a CPU runs the shell, called from kernel_init",
           any(re.search(r" at .*shell_main\+0x[0-9a-f]+ < .*kernel_init\+",
                         l) for l in hang), "; ".join(hang))
    # the stop may catch the idle CPU taking its tick: then it runs
    # the interrupt, and its backtrace still reaches its start
    yield ("a CPU is in its idle loop, halted or taking an interrupt",
           any(re.match(IDLE_CPU, l) for l in hang), "; ".join(hang))
    want = "initramfs: none (no -initrd): starting the built-in shell"
    yield ("the report adds the last messages the console did not show",
           any(l.endswith("] " + want) for l in hidden) and
           not any(l in shown for l in hidden) and
           not any(want in l for l in shown), "; ".join(hidden[-3:]))


def figures(case, out):
    for l in log_lines(out):
        if ("bring-up took" in l or "rounds over CPUs" in l
                or re.search(r"# test_stress: cpu\d+:", l)):
            print(f"# figure: {case.name}: {l.strip()}")
        elif "memtype log:" in l:
            print(f"# figure: {case.name}: {l.strip()}")
    if case.kind == "shell":
        for l in qemu.command_output(out, "pat bench") or []:
            if "shootdowns" in l:
                print(f"# figure: {case.name}: {l.strip()}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--nosmp-kernel")
    ap.add_argument("--logcheck", required=True)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--only")
    a = ap.parse_args()
    kernels = {"smp": a.kernel, "nosmp": a.nosmp_kernel}
    cases = [c for c in CASES if not a.only or c.name == a.only]
    print("TAP version 13")
    print(f"1..{len(cases)}")
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        results = list(ex.map(lambda c: run(c, kernels, a.logcheck), cases))
    passed = failed = skipped = 0
    for i, (case, res) in enumerate(zip(cases, results), 1):
        if res is None:
            print(f"ok {i} {case.name} # SKIP no {case.kernel} kernel")
            skipped += 1
            continue
        out, status, secs, checked = res
        checks = (ktest_checks(case, out, status, checked)
                  if case.kind == "ktest" else
                  oops_checks(case, out, status) if case.kind == "oops" else
                  hang_checks(case, out, status) if case.kind == "hang" else
                  shell_checks(case, out, status, checked))
        figures(case, out)
        # the transcript's end, without the memtype log's bulk
        tail = lambda: ["\n# ".join(l for l in out.split("\n")
                                    if "memtype_log:" not in l)[-3000:]]
        # a case the kernel skipped (no tick, too few CPUs) is a skip here
        if case.kind == "ktest" and case.want.get("skips_ok"):
            skips = [n for _, n, st in ktap.parse(out)[0] if st == "skip"]
            if skips:
                print(f"# {case.name}: kernel skipped {', '.join(skips)}")
                if ktap.report_case(i, f"{case.name} # SKIP", checks, secs,
                                    tail):
                    skipped += 1
                else:
                    failed += 1
                continue
        if ktap.report_case(i, case.name, checks, secs, tail):
            passed += 1
        else:
            failed += 1
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
