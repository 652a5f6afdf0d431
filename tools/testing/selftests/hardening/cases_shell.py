# SPDX-License-Identifier: GPL-2.0
"""Shell output and paths, pat bench under pressure, and the PAT test
hook (issue 12, items 7 and 9).

Each boot runs a shell.run script and powers off.  The kernel command
line strips every double quote, so an empty argument (ls "") cannot be
typed through shell.run: the shell's own KTAP suite checks it instead.
"""
import re

from hardening_case import Case, log_lines
from qemu import command_output

ALIAS = "cat /sys/kernel/debug/x86/pat_alias_check"
POLICY = "cat /sys/kernel/debug/x86/pat_policy"
BOOT_PAT = re.compile(r"x86/PAT: (?:PAT (0x[0-9a-f]{16}) and |no PAT MSR "
                      r"\(power-on layout\); )MTRRs identical on \d+ CPUs?$")


def powered_off(out, status):
    return ("powered off", status == 0 and "reboot: Power down" in out,
            f"status {status}")


def no_oops(out):
    return ("no oops or panic", "Oops" not in out and "panic" not in out, "")


# --- echo: every byte, and the next prompt on its own line -------------

ECHO_LENGTHS = (600, 1300)      # the command line holds 2047 bytes


def echo_word(n):
    return "".join(chr(ord("a") + i % 26) for i in range(n))


def check_echo(out, status):
    yield powered_off(out, status)
    lines = out.split("\n")
    for n in ECHO_LENGTHS:
        cmd = "echo " + echo_word(n)
        got = command_output(out, cmd)
        yield (f"echo of {n} characters prints all of them on one line",
               got is not None and got[:1] == [echo_word(n)],
               f"{len(got[0]) if got else None} characters")
        # the line after the output is the next command's echo
        idx = lines.index(echo_word(n)) if echo_word(n) in lines else -1
        yield (f"after {n} characters the next command starts a line",
               idx >= 0 and idx + 1 < len(lines) and
               lines[idx + 1].startswith("# "),
               lines[idx + 1][:40] if 0 <= idx < len(lines) - 1 else "")


# --- ls and cat: Linux's errors for paths -------------------------------

PATH_CMDS = {
    "ls /proc/meminfo/":
        ["ls: cannot access '/proc/meminfo/': Not a directory"],
    "cat /proc/meminfo/": ["cat: /proc/meminfo/: Not a directory"],
    "cat /proc/meminfo/x": ["cat: /proc/meminfo/x: Not a directory"],
    "ls /proc/meminfo/.": [
        "ls: cannot access '/proc/meminfo/.': Not a directory"],
    "ls /nope/../proc/meminfo": [
        "ls: cannot access '/nope/../proc/meminfo': No such file or "
        "directory"],
    "cat /proc": ["cat: /proc: Is a directory"],
    "ls /proc/meminfo": ["/proc/meminfo"],
}


def check_paths(out, status):
    yield powered_off(out, status)
    for cmd, want in PATH_CMDS.items():
        got = [l for l in command_output(out, cmd) or [] if l]
        yield (f"{cmd} prints {want[0]!r}", got == want, str(got[:3]))


def check_shell_ktest(out, status):
    """ls "" and output far longer than any buffer, from the shell's own
    KTAP suite (isa-debug-exit: 1 when every case passed)."""
    for name in ("test_path_errors", "test_long_output"):
        yield (f"KTAP shell.{name} passed",
               re.search(rf"^\s*ok \d+ {name}$", out, re.M) is not None, "")
    yield ("every shell case passed (QEMU exit status 1)", status == 1,
           f"status {status}")


# --- pat bench: one line per measurement, with the real error ----------

def bench_lines(out):
    return [l for l in command_output(out, "pat bench") or [] if l]


BENCH_ORDER = ["pat bench: ", "set_memory_uc 1 page ", "set_memory_wb 1 page ",
               "set_memory_uc 512 pages ", "set_memory_wb 512 pages ",
               "set_memory_uc", "ioremap_wc+iounmap 16 MiB "]


def bench_every_line(lines):
    return ("pat bench prints a line for every measurement",
            len(lines) == len(BENCH_ORDER) and
            all(l.startswith(p) for l, p in zip(lines, BENCH_ORDER)),
            str([l[:40] for l in lines]))


def check_bench_low_memory(out, status):
    yield powered_off(out, status)
    lines = bench_lines(out)
    yield bench_every_line(lines)
    for pages in ("1 page", "512 pages"):
        uc = [l for l in lines if l.startswith(f"set_memory_uc {pages} ")]
        wb = [l for l in lines if l.startswith(f"set_memory_wb {pages} ")]
        yield (f"set_memory_uc {pages}: the allocation failure, -12",
               len(uc) == 1 and re.search(r"\berror -12\b", uc[0]) is not
               None, str(uc))
        yield (f"set_memory_wb {pages}: skipped, not dropped",
               len(wb) == 1 and "skipped" in wb[0], str(wb))
    yield no_oops(out)


def check_bench_small_vga(out, status):
    yield powered_off(out, status)
    lines = bench_lines(out)
    yield bench_every_line(lines)
    io = [l for l in lines if l.startswith("ioremap_wc+iounmap")]
    # the 16 MiB from the 1 MiB BAR take in the HPET, held UC: -EBUSY
    yield ("the reservation conflict is logged",
           "conflicting memory types" in out, "")
    yield ("ioremap line reports the reservation's -16, not -12",
           len(io) == 1 and io[0].split()[-2:] == ["error", "-16"],
           str(io))
    yield no_oops(out)


# --- PAT: the readback hook and the boot line --------------------------

NO_WB0 = "0007040600070401"          # WC in entry 0, WB in entry 4


def policy_msr(out):
    """(True, value) or (False, None) from pat_policy, None if absent."""
    pol = command_output(out, POLICY) or []
    layout = [l for l in pol if l.startswith("layout: ")]
    owner = [l for l in pol if l.startswith("msr owner: ")]
    if not owner:
        return None
    if owner[0].startswith("msr owner: none"):
        return (False, None)
    m = re.search(r"read (0x[0-9a-f]{16})", owner[0]) or \
        (layout and re.search(r"\(IA32_PAT (0x[0-9a-f]{16})\)$", layout[0]))
    return (True, m.group(1)) if m else None


def boot_msr(out):
    """What the boot line says, the same way; None if there is none."""
    for l in log_lines(out):
        m = BOOT_PAT.match(l)
        if m:
            return (True, m.group(1)) if m.group(1) else (False, None)
    return None


def agree(out):
    b, p = boot_msr(out), policy_msr(out)
    return ("boot line and pat_policy state the same IA32_PAT",
            b is not None and b == p, f"boot {b}, pat_policy {p}")


def check_readback_no_wb0(out, status):
    yield powered_off(out, status)
    yield ("the hook value is refused with a reason",
           any(f"pat.test_readback={NO_WB0} refused: entry 0 must be WB"
               in l for l in log_lines(out)), "")
    yield ("the kernel's own layout is in force",
           "msr owner: kernel" in (command_output(out, POLICY) or []), "")
    alias = [l for l in command_output(out, ALIAS) or [] if l]
    yield ("pat_alias_check is ok",
           len(alias) == 1 and alias[0].startswith("ok: "), str(alias[:2]))
    yield agree(out)


def check_boot_line(out, status):
    yield powered_off(out, status)
    yield agree(out)


CASES = [
    Case("shell_echo_long",  check_echo,
         append="shell.run=\"" + "; ".join(
             "echo " + echo_word(n) for n in ECHO_LENGTHS) + "; poweroff\""),
    Case("shell_path_errors", check_paths,
         append="shell.run=\"" + "; ".join(PATH_CMDS) + "; poweroff\""),
    Case("shell_ktest_paths_output", check_shell_ktest,
         append="ktest=shell", debug_exit=True),
    Case("pat_bench_low_memory", check_bench_low_memory, mem="5M",
         append="shell.run=\"pat bench; poweroff\""),
    Case("pat_bench_small_vga_bar", check_bench_small_vga,
         extra=["-device", "VGA,vgamem_mb=1"],
         append="shell.run=\"pat bench; poweroff\""),
    Case("pat_readback_no_wb_entry0", check_readback_no_wb0, smp=2,
         append=f"pat.test_readback={NO_WB0} shell.run=\"{POLICY}; {ALIAS}; "
                "poweroff\""),
    Case("pat_boot_line_no_pat_cpu", check_boot_line, cpu="qemu64,-pat",
         smp=2, append=f"shell.run=\"{POLICY}; poweroff\""),
]
