# SPDX-License-Identifier: GPL-2.0
"""PAT off, by the command line and by the CPU: every pat_* KTAP suite
must pass (cases that need PAT skip and say so), set_memory_*() must put
pages back to WB, and the alias check must agree.  With PAT off, by the
command line, the CPU or CONFIG_X86_PAT=n, and without MTRRs, the bochs
framebuffer gets a WC MTRR where it can and its effective type is the
SDM's (UC under SeaBIOS's UC range), which the probe logs and
pat_memtype_owners shows on the mapping's line."""
import os
import re

import ktap
import qemu
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
        # pat_memtype_owners lists mappings then: checked, not skipped
        owners = [n for s, n, st in ran if s == "pat_owners"]
        yield ("pat_owners ran all 3 of its cases", len(owners) == 3,
               ", ".join(owners))
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


# The bochs framebuffer with PAT off (Documentation/x86/mtrr.rst): a WC
# MTRR over its BAR through arch_phys_wc_add(), which SeaBIOS's UC range
# 0xc0000000-0xffffffff overlaps, so the CPU still uses UC there.
MTRR = "cat /proc/mtrr"
CPUS = "cat /sys/kernel/debug/x86/pat_cpus"
OWNERS = "cat /sys/kernel/debug/x86/pat_memtype_owners"
FB_SCRIPT = f'shell.run="{MTRR}; {CPUS}; {OWNERS}; poweroff"'
OWNERS_TITLE = {True: "PAT memtype owners:",
                False: "PAT memtype owners (PAT off: mappings, nothing "
                       "reserved):"}
FB_LINE = re.compile(r"bochs: framebuffer \[mem 0x([0-9a-f]+)-0x([0-9a-f]+)\] "
                     r"mapped (\S+), MTRR (\S+): effective (\S+)$")
NOPAT_KERNEL = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                            "..", "..", "..", "..", "build", "nopat",
                            "vmlinux")


def owners_checks(out, base, last, pte, effective, pat):
    """pat_memtype_owners: the title of PAT on (@pat) or off, and one
    line for the BAR [@base, @last] with the boot line's @pte and
    @effective, owned by the bochs driver's probe"""
    table = qemu.command_output(out, OWNERS) or []
    yield (f"pat_memtype_owners exists, titled '{OWNERS_TITLE[pat]}'",
           table[:1] == [OWNERS_TITLE[pat]], "; ".join(table[:1]))
    want = f"[mem 0x{base:016x}-0x{last + 1:016x}] "
    lines = [l.split() for l in table if l.startswith(want)]
    yield "pat_memtype_owners has one line for the BAR", len(lines) == 1, \
        "; ".join(table)
    if len(lines) != 1:
        return
    w = lines[0]
    got = (w[2], w[4], w[5], w[6].split("+")[0], w[7:])
    yield (f"its line: {pte} effective {effective}, owner "
           "bochs_probe (bochs), as the boot line says",
           got == (pte, effective, "owner", "bochs_probe", ["(bochs)"]),
           " ".join(w))


def fb_type(why, pte, mtrr, effective, wc_mtrr, pat=False):
    """PAT off (unless @pat) for @why: the framebuffer mapped @pte under
    MTRR type @mtrr is @effective, and pat_memtype_owners says the same
    of its mapping; /proc/mtrr lists a WC range at its BAR if @wc_mtrr,
    and every CPU holds the same MTRRs"""
    def check(out, status):
        lines = log_lines(out)
        if why:
            yield f"logged: {why}", why in lines, ""
        found = [m for m in map(FB_LINE.search, lines) if m]
        yield "the framebuffer's type is logged once", len(found) == 1, \
            f"{len(found)} lines"
        if not found:
            return
        m = found[0]
        got = (m.group(3), m.group(4), m.group(5))
        yield (f"mapped {pte}, MTRR {mtrr}: effective {effective}",
               got == (pte, mtrr, effective), f"got {got}")
        base, last = int(m.group(1), 16), int(m.group(2), 16)
        yield from owners_checks(out, base, last, m.group(3), m.group(5),
                                 pat)
        want = (f"base=0x{base >> 12:06x}000 ({base >> 20:5d}MB), "
                f"size={(last + 1 - base) >> 20:5d}MB, count=1: "
                "write-combining")
        table = qemu.command_output(out, MTRR) or []
        listed = any(want in l for l in table)
        yield ("/proc/mtrr lists the BAR write-combining" if wc_mtrr else
               "/proc/mtrr lists no write-combining range"),\
            listed == wc_mtrr and (wc_mtrr or not any(
                "write-combining" in l for l in table)), "; ".join(table)
        cpus = [l for l in qemu.command_output(out, CPUS) or []
                if l.startswith("cpu")]
        digests = {l.split("MTRRs=")[1].split()[0] for l in cpus
                   if "MTRRs=" in l}
        yield "every CPU holds the same MTRRs", len(cpus) == 2 and \
            len(digests) == 1, "; ".join(cpus)
        yield "no WC MTRR warning", not any(
            "Failed to add WC MTRR" in l for l in lines), ""
        yield "powered off", status == 0, f"status {status}"
    return check


NO_MTRR_LINE = ("mtrr: no MTRRs and no PAT: [mem 0x00000000fd000000-"
                "0x00000000fdffffff] cannot be write-combining")

CASES += [
    Case("nopat-fb-wc-mtrr",
         fb_type("x86/PAT: PAT support disabled via boot option.",
                 "uncached-minus", "uncachable", "uncached", True),
         append="nopat " + FB_SCRIPT, smp=2),
    Case("cpu-without-pat-fb-wc-mtrr",
         fb_type("x86/PAT: PAT not supported by the CPU.",
                 "uncached-minus", "uncachable", "uncached", True),
         append=FB_SCRIPT, cpu="qemu64,-pat", smp=2),
    # PAT still maps WC: nothing to add, and no /proc/mtrr to list it
    Case("cpu-without-mtrr-fb",
         fb_type("mtrr: CPU has no MTRRs: memory types come from PAT alone",
                 "write-combining", "none", "write-combining", False,
                 pat=True),
         append=FB_SCRIPT, cpu="qemu64,-mtrr", smp=2),
    Case("nopat-cpu-without-mtrr-fb",
         fb_type(NO_MTRR_LINE, "uncached-minus", "none", "uncached", False),
         append="nopat " + FB_SCRIPT, cpu="qemu64,-mtrr", smp=2),
    Case("config-pat-n-fb-wc-mtrr",
         fb_type("x86/PAT: PAT support disabled because CONFIG_X86_PAT is "
                 "disabled in the kernel.",
                 "uncached-minus", "uncachable", "uncached", True),
         skip=None if os.path.exists(NOPAT_KERNEL) else
         "no build/nopat/vmlinux (make -C tools/testing/selftests/pat "
         "nopat-kernel)",
         kernel=NOPAT_KERNEL, append=FB_SCRIPT, smp=2),
]
