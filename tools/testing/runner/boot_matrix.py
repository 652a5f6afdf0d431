#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Boot tests of the base kernel: CPUs x memory sizes x machines.  Each
boot reaches the shell through shell.run, prints /proc/meminfo and the
page-table dump, and powers off.  One ok/not ok line per check, then
"N passed, N failed".

usage: boot_matrix.py --kernel VMLINUX [-j N]
"""
import argparse
import concurrent.futures
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402

SCRIPT = ('shell.run="cat /proc/meminfo; cat /sys/kernel/debug/page_tables/kernel;'
          ' poweroff"')
# (machine, cpu, memory, has 1 GiB pages)
MATRIX = [
    ("q35", "qemu64", "512M", False),
    ("q35", "Haswell", "128M", False),
    ("q35", "Skylake-Server", "5G", True),
    ("q35", "EPYC", "512M", True),
    ("pc", "qemu64", "5G", False),
    ("pc", "Haswell", "512M", False),
    ("pc", "EPYC", "128M", True),
    ("q35", "qemu64", "5G", False),
]
MB = {"128M": 128, "512M": 512, "5G": 5120}


def meminfo(out):
    lines = qemu.command_output(out, "cat /proc/meminfo") or []
    vals = {}
    for l in lines:
        m = re.match(r"^(\w+):\s+(\d+) kB$", l)
        if m:
            vals[m.group(1)] = int(m.group(2))
    return vals


E820_USABLE = re.compile(r"BIOS-e820: \[mem 0x([0-9a-f]+)-0x([0-9a-f]+)\] "
                         r"usable$")
PAGE, GIB = 4096, 1 << 30


def e820_ram(out):
    """The usable RAM the boot's own e820 map reports, as merged
    [start, end) ranges."""
    ranges = sorted((int(m.group(1), 16), int(m.group(2), 16) + 1)
                    for l in out.split("\n")
                    for m in [E820_USABLE.search(l)] if m)
    merged = []
    for s, e in ranges:
        if merged and s <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], e)
        else:
            merged.append([s, e])
    return merged


def ram_kb(ram):
    """kB of whole pages of RAM: what a direct map of RAM only maps."""
    return sum(max(0, (e // PAGE - -(-s // PAGE))) * PAGE
               for s, e in ram) // 1024


def whole_gibs(ram):
    """1 GiB-aligned GiBs that are RAM throughout: the only places a
    1 GiB page of a RAM-only direct map can go."""
    return sum(max(0, e // GIB - -(-s // GIB)) for s, e in ram)


NO_NX = "Notice: NX (Execute Disable) protection missing in CPU!"


def has_nx(out):
    """False when the kernel said that the CPU has no NX."""
    return NO_NX not in out


def checks(machine, cpu, mem, gb, out, status):
    """(description, True/False, or None for a check that does not apply)"""
    mi = meminfo(out)
    total = MB[mem] * 1024
    ram = e820_ram(out)
    yield "reached the shell", "# cat /proc/meminfo" in out
    yield "powered off cleanly", status == 0
    yield "no oops or panic", "Oops" not in out and "panic" not in out
    yield "MemTotal sane", total * 0.8 < mi.get("MemTotal", 0) <= total
    yield "DirectMap lines", all(k in mi for k in
                                 ("DirectMap4k", "DirectMap2M", "DirectMap1G"))
    mapped = sum(mi.get(k, 0) for k in ("DirectMap4k", "DirectMap2M",
                                        "DirectMap1G"))
    yield (f"direct map covers the e820 RAM exactly ({ram_kb(ram)} kB)",
           bool(ram) and mapped == ram_kb(ram))
    # a CPU without pdpe1gb has none; with it, every whole aligned GiB of
    # RAM is one 1 GiB page (none below 1 GiB of RAM, 3 with 5G)
    gibs = whole_gibs(ram) if gb else 0
    yield (f"DirectMap1G is {gibs} GiB "
           f"({'pdpe1gb' if gb else 'no pdpe1gb'}, "
           f"{whole_gibs(ram)} whole aligned GiB of RAM)",
           bool(ram) and mi.get("DirectMap1G") == gibs * (GIB >> 10))
    pt = qemu.command_output(out, "cat /sys/kernel/debug/page_tables/kernel") or []
    yield "page-table dump has the direct map", any(
        l.startswith("0xffff888000") for l in pt)
    # as Linux's W+X check: meaningless where nothing can be NX
    yield "W^X: no RW+x line", (bool(pt) and not any(
        " RW " in l and " x " in l for l in pt)) if has_nx(out) else None
    yield "kernel text is RX", any(
        l.startswith("0xffffffff80200000") and " ro " in l and " x " in l
        for l in pt)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("-j", type=int, default=2)
    a = ap.parse_args()

    def run(c):
        machine, cpu, mem, gb = c
        out, status, secs = qemu.boot(a.kernel, SCRIPT, machine=machine,
                                      cpu=cpu, mem=mem)
        return c, out, status, secs

    passed = failed = skipped = 0
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        for (machine, cpu, mem, gb), out, status, secs in ex.map(run, MATRIX):
            name = f"{machine}/{cpu}/{mem}"
            bad = False
            for desc, ok in checks(machine, cpu, mem, gb, out, status):
                if ok is None:
                    print(f"ok - {name}: {desc} # SKIP the CPU has no NX")
                    skipped += 1
                    continue
                print(f"{'ok' if ok else 'not ok'} - {name}: {desc}")
                passed += ok
                failed += not ok
                bad |= not ok
            if bad:
                print("# " + "\n# ".join(out.split("\n")[-40:]))
            print(f"# {name}: {secs:.1f}s")
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
