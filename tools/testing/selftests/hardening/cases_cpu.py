# SPDX-License-Identifier: GPL-2.0
"""CPUs and machines the kernel cannot fully use: without NX it boots
with no NX bit anywhere; without long mode, a required feature or enough
RAM it says why, in Linux's words where Linux has them, and stops (QEMU
exits through isa-debug-exit with status 3)."""
import boot_matrix
import qemu
from hardening_case import Case, log_lines

PT = "cat /sys/kernel/debug/page_tables/kernel"
NO_NX = boot_matrix.NO_NX
OLD_CPU = "This kernel requires an x86-64 CPU, but only detected an i686 CPU."
FEATURES = "This kernel requires the following features not present on the CPU:"
UNABLE = "Unable to boot - please use a kernel appropriate for your CPU."
PANIC_STATUS = 3    # isa-debug-exit: (1 << 1) | 1


def no_nx(out, status):
    lines = log_lines(out)
    yield "the NX notice is printed", NO_NX in lines, None
    for desc, ok in boot_matrix.checks("q35", "qemu64,-nx", "512M", False,
                                       out, status):
        if ok is not None:
            yield desc, ok, None
    pt = [l for l in qemu.command_output(out, PT) or []
          if l.startswith("0xffff")]
    yield "the page-table dump has mappings", len(pt) > 10, f"{len(pt)} lines"
    nx = [l for l in pt if " NX " in l]
    yield "no mapping is NX", not nx, "; ".join(nx[:3])
    yield "both CPUs came up", "smp: Brought up 1 node, 2 CPUs" in lines, None


def no_nx_ktest(out, status):
    lines = log_lines(out)
    yield "the NX notice is printed", NO_NX in lines, None
    yield "the x86 page-table suites ran", any(
        l.startswith("# Subtest: x86_directmap") for l in
        (x.strip() for x in lines)), None
    yield "every case passed (isa-debug-exit 0)", status == 1, \
        f"status {status}"


def refused(first, names=None):
    """the CPU refusal: @first, then @names (missing features) if any,
    then Linux's closing line, and nothing of the kernel after it"""
    def check(out, status):
        lines = [l.rstrip() for l in log_lines(out)]
        want = [first] + ([" ".join(names)] if names else []) + [UNABLE]
        at = lines.index(first) if first in lines else -1
        got = lines[at:at + len(want)] if at >= 0 else []
        yield "the refusal is printed", got == want, f"got {got}"
        yield "QEMU exits through isa-debug-exit", status == PANIC_STATUS, \
            f"status {status}"
        yield "no kernel code ran", not any(
            l.startswith("Command line:") or "Oops" in l or l.startswith("#")
            for l in lines), None
    return check


def too_little_ram(first_missing):
    """the image is not all in RAM, RAM ending at @first_missing"""
    def check(out, status):
        lines = [l.rstrip() for l in log_lines(out)]
        msg = [l for l in lines
               if l.startswith("PVH: kernel image [mem 0x00200000-")]
        yield "says the image is not in RAM", len(msg) == 1 and msg[0].endswith(
            f"] is not all in RAM: no RAM at {first_missing:#010x}"), f"{msg}"
        yield "says what to do", any(l.startswith(
            "Unable to boot - the machine needs more memory")
            for l in lines), None
        yield "QEMU exits through isa-debug-exit", status == PANIC_STATUS, \
            f"status {status}"
    return check


def cpu_case(name, cpu, check, append='shell.run="poweroff"'):
    return Case(name, check, cpu=cpu, append=append, debug_exit=True,
                timeout=30)


CASES = [
    Case("cpu_no_nx", no_nx, cpu="qemu64,-nx", smp=2,
         append=boot_matrix.SCRIPT, timeout=60),
    # the direct map, W^X and CPA alias cases expect no NX bit anywhere
    Case("cpu_no_nx_ktest", no_nx_ktest, cpu="qemu64,-nx", smp=2,
         append="ktest=x86_*", debug_exit=True, timeout=60),
    cpu_case("cpu_no_ext_leaf", "qemu64,xlevel=0x80000000", refused(OLD_CPU)),
    cpu_case("cpu_athlon", "athlon", refused(OLD_CPU)),
    cpu_case("cpu_no_lm", "qemu64,-lm", refused(OLD_CPU)),
    cpu_case("cpu_no_cmov", "qemu64,-cmov", refused(FEATURES, ["cmov"])),
    cpu_case("cpu_no_sse2_no_bench", "qemu64,-sse2",
             refused(FEATURES, ["sse2"]),
             append='shell.run="pat bench; poweroff"'),
    cpu_case("cpu_no_fxsr_sse_sse2", "qemu64,-fxsr,-sse,-sse2",
             refused(FEATURES, ["fxsr", "sse", "sse2"])),
    # SeaBIOS keeps the last 132 KiB below the top of RAM
    Case("mem_3m", too_little_ram(0x300000 - 0x21000), mem="3M",
         debug_exit=True, timeout=30, append='shell.run="poweroff"'),
    # no RAM at 0x200000 at all: only the code at 1 MiB can run
    Case("mem_2m", too_little_ram(0x200000), mem="2M",
         debug_exit=True, timeout=30, append='shell.run="poweroff"'),
]
