#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Boot tests of the base kernel: CPUs x memory sizes x machines.  Each
boot reaches the shell through shell.run, prints /proc/meminfo and the
page-table dump, and powers off.  Then the same vmlinux through GRUB
(Multiboot2) from the image make isoimage writes, on SeaBIOS and on OVMF
(UEFI), 1 and 4 CPUs, 512M and 5G: the PAT configuration line,
/proc/mtrr, pat_memtype_list, pat_alias_check, the framebuffer (efifb
on the mode GRUB set, then bochs taking over, and a screendump of the
console at the prompt; fbcheck.py) and poweroff, typed at that prompt.
Once more on each with "nomodeset", 1 CPU and 512M: efifb stays fb0.
One ok/not ok line per check, then "N passed, N failed, N skipped".

usage: boot_matrix.py --kernel VMLINUX [-j N] [--initrd CPIO.GZ]
                      [--only pvh|grub]
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "selftests", "fb"))
import fbcheck  # noqa: E402
import qemu  # noqa: E402
import screenshot  # noqa: E402

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


TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "../../.."))
OVMF = os.environ.get("OVMF", "/usr/share/ovmf/OVMF.fd")
GRUB_CMDS = ["cat /proc/mtrr", fbcheck.MEMTYPE_CMD,
             "cat /sys/kernel/debug/x86/pat_alias_check"] + fbcheck.SCRIPT
# no poweroff: the screendump needs the console at the prompt first
GRUB_SCRIPT = 'shell.run="' + "; ".join(GRUB_CMDS) + '"'
# (firmware, CPUs, memory, nomodeset)
GRUB_MATRIX = [(fw, smp, mem, False) for fw in ("bios", "uefi")
               for smp in (1, 4) for mem in ("512M", "5G")] + [
    (fw, 1, "512M", True) for fw in ("bios", "uefi")]
PAT_LINE = "x86/PAT: Configuration [0-7]: WB  WC  UC- UC  WB  WP  UC- WT"
MB2_LINE = re.compile(r"Multiboot2: (BIOS|UEFI) firmware, memory map from "
                      r"tag (\d+)")
MTRR_LINE = re.compile(r"^reg\d+: base=0x([0-9a-f]+) \(\s*\d+MB\), "
                       r"size=\s*(\d+)([KM])B, count=\d+: ([a-z-]+)$")
ALIAS_OK = re.compile(r"^ok: \d+ pages in \d+ mappings checked$")
KERNEL_PHYS = 0x200000


def mtrr_sane(lines):
    """Linux's /proc/mtrr lines, and the kernel's own RAM not uncachable"""
    if not lines:
        return False
    for l in lines:
        m = MTRR_LINE.match(l)
        if not m:
            return False
        base = int(m.group(1), 16)
        size = int(m.group(2)) << (20 if m.group(3) == "M" else 10)
        if m.group(4) == "uncachable" and base <= KERNEL_PHYS < base + size:
            return False
    return True


def grub_name(fw, smp, mem, nomodeset):
    name = f"grub-{fw}/q35/{smp}cpu/{mem}"
    return name + "/nomodeset" if nomodeset else name


def grub_checks(fw, smp, nomodeset, initrd, out, status, ppm, rasterize):
    mb2 = MB2_LINE.search(out)
    yield (f"entered through Multiboot2 on {fw.upper()}, memory map from "
           f"tag {17 if fw == 'uefi' else 6}",
           bool(mb2) and mb2.group(1) == fw.upper() and
           mb2.group(2) == ("17" if fw == "uefi" else "6"))
    if initrd:
        yield "initramfs handed over as a module", "RAMDISK: [mem " in out
    yield f"all {smp} CPUs up", (
        f"smpboot: Total of {smp} processors activated" in out)
    yield "PAT configuration line", PAT_LINE in out
    yield "/proc/mtrr sane", mtrr_sane(qemu.command_output(out, GRUB_CMDS[0]))
    alias = qemu.command_output(out, GRUB_CMDS[2]) or []
    yield "pat_alias_check ok", len(alias) == 1 and bool(ALIAS_OK.match(alias[0]))
    yield "no oops or panic", "Oops" not in out and "panic" not in out
    yield from fbcheck.checks(out, nomodeset, ppm, rasterize)
    yield "powered off cleanly", status == 0 and "reboot: Power down" in out


def build_iso(kernel, initrd, tmp, nomodeset):
    """The image make isoimage writes, booting GRUB_SCRIPT at once"""
    iso = os.path.join(tmp, "nomodeset.iso" if nomodeset else "image.iso")
    env = dict(os.environ, ISO_TIMEOUT="0", ISO_DEFAULT="0",
               ISO_APPEND=("nomodeset " if nomodeset else "") + GRUB_SCRIPT)
    args = ["sh", os.path.join(TOP, "arch/x86/boot/genimage.sh"), iso, kernel]
    p = subprocess.run(args + ([initrd] if initrd else []), env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return iso if p.returncode == 0 else None, p.stdout.decode()


def grub_rows(a, ex):
    """The GRUB rows: (name, [(desc, ok or None)], skip reason, out, secs)"""
    initrd = a.initrd
    if initrd is None:
        guess = os.path.join(os.path.dirname(os.path.abspath(a.kernel)),
                             "usr", "initramfs.cpio.gz")
        initrd = guess if os.path.exists(guess) else ""
    if not shutil.which("grub-mkrescue"):
        for c in GRUB_MATRIX:
            yield grub_name(*c), None, "no grub-mkrescue (make deps)", "", 0
        return
    rasterize = screenshot.load_font()
    tmp = tempfile.mkdtemp(prefix="cachet-grub-")
    try:
        isos = {}
        for nomodeset in sorted({c[3] for c in GRUB_MATRIX}):
            isos[nomodeset], log = build_iso(a.kernel, initrd, tmp, nomodeset)
            if not isos[nomodeset]:
                print("# " + "\n# ".join(log.split("\n")))

        def run(c):
            fw, smp, mem, nomodeset = c
            iso = isos[nomodeset]
            ppm = os.path.join(tmp, grub_name(*c).replace("/", "_") + ".ppm")
            if not iso:
                return c, "genimage.sh failed", None, "", 0, ppm
            if fw == "uefi" and not os.path.exists(OVMF):
                return c, f"no {OVMF} (Debian's ovmf)", None, "", 0, ppm
            out, status, secs = qemu.boot_iso_screendump(
                iso, fbcheck.PROMPT, ppm, mem=mem, smp=smp,
                bios=OVMF if fw == "uefi" else None)
            return c, None, status, out, secs, ppm

        for c, skip, status, out, secs, ppm in ex.map(run, GRUB_MATRIX):
            fw, smp, mem, nomodeset = c
            if skip:
                yield grub_name(*c), None, skip, "", 0
            else:
                yield grub_name(*c), list(grub_checks(
                    fw, smp, nomodeset, initrd, out, status, ppm,
                    rasterize)), None, out, secs
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", required=True)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--initrd", default=None,
                    help="module for the GRUB rows (default: "
                    "usr/initramfs.cpio.gz beside the kernel, if built)")
    ap.add_argument("--only", choices=("pvh", "grub"),
                    help="only the -kernel (PVH) rows or the GRUB rows")
    a = ap.parse_args()

    def run(c):
        machine, cpu, mem, gb = c
        out, status, secs = qemu.boot(a.kernel, SCRIPT, machine=machine,
                                      cpu=cpu, mem=mem)
        return c, out, status, secs

    counts = {"pass": 0, "fail": 0, "skip": 0}

    def report(name, results, out):
        """print one row's checks (ok None: skipped, the CPU has no NX)
        and the transcript's end if one failed"""
        bad = False
        for desc, ok in results:
            if ok is None:
                print(f"ok - {name}: {desc} # SKIP the CPU has no NX")
                counts["skip"] += 1
                continue
            print(f"{'ok' if ok else 'not ok'} - {name}: {desc}")
            counts["pass" if ok else "fail"] += 1
            bad |= not ok
        if bad:
            print("# " + "\n# ".join(out.split("\n")[-40:]))

    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        pvh = MATRIX if a.only != "grub" else []
        for (machine, cpu, mem, gb), out, status, secs in ex.map(run, pvh):
            name = f"{machine}/{cpu}/{mem}"
            report(name, checks(machine, cpu, mem, gb, out, status), out)
            print(f"# {name}: {secs:.1f}s")
        for name, results, skip, out, secs in (
                grub_rows(a, ex) if a.only != "pvh" else ()):
            if skip:
                print(f"ok - {name} # SKIP {skip}")
                counts["skip"] += 1
                continue
            report(name, results, out)
            print(f"# {name}: {secs:.1f}s to poweroff")
    passed, failed, skipped = counts["pass"], counts["fail"], counts["skip"]
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
