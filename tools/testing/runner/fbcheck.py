# SPDX-License-Identifier: GPL-2.0
"""The checks of a GRUB boot's framebuffer, for boot_matrix.py's GRUB rows.

GRUB hands the mode it set (VBE on SeaBIOS, GOP on OVMF) over in the
Multiboot2 framebuffer tag; efifb drives it; bochs then takes the std VGA
over ("fb0: switching to bochs-drm from EFI VGA"), unless "nomodeset"
keeps it off and efifb stays fb0.  The answers come from the kernel's
log, from what the shell printed for SCRIPT's commands and from a
screendump taken at the prompt that follows them: efifb's lines against
the tag's, fb0's name, the write-combining pat_memtype_list entries over
the PCI BAR the framebuffer is in (one: bochs's whole BAR, or efifb's
range), /proc/iomem's "efifb" regions, the driver the text console ended
on, and the console drawn on the screen (screenshot.py's checks).
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "selftests", "fb"))
import qemu  # noqa: E402
import screenshot  # noqa: E402

MEMTYPE_CMD = "cat /sys/kernel/debug/x86/pat_memtype_list"
NAME_CMD = "cat /sys/class/graphics/fb0/name"
IOMEM_CMD = "cat /proc/iomem"
# the shell.run commands the checks read, ending at the prompt the
# screendump shows
SCRIPT = [NAME_CMD, IOMEM_CMD, "echo " + screenshot.WORD]
PROMPT = screenshot.PROMPT_DONE

TAG_LINE = re.compile(r"Multiboot2: framebuffer (\d+)x(\d+)x(\d+) at "
                      r"0x([0-9a-f]+), (\d+) bytes a line")
EFIFB_AT = re.compile(r"efifb: framebuffer at 0x([0-9a-f]+), using (\d+)k, "
                      r"total \d+k")
EFIFB_MODE = re.compile(r"efifb: mode is (\d+)x(\d+)x(\d+), "
                        r"linelength=(\d+), pages=1")
PCI_BAR = re.compile(r"pci [0-9a-f:.]+: reg 0x[0-9a-f]+: "
                     r"\[mem 0x([0-9a-f]+)-0x([0-9a-f]+)")
MEMTYPE_LINE = re.compile(r"^PAT: \[mem 0x([0-9a-f]{16})-0x([0-9a-f]{16})\] "
                          r"(write-back|write-combining|uncached-minus|"
                          r"uncached|write-through|write-protected)$")
IOMEM_EFIFB = re.compile(r"^\s*([0-9a-f]+)-([0-9a-f]+) : efifb$")
FBCON = re.compile(r"fbcon: (\w+): \d+x\d+ text console")
REGISTERED = "fb0: EFI VGA frame buffer device"
SWITCHED = "fb0: switching to bochs-drm from EFI VGA"
NOMODESET = ("Booted with the nomodeset parameter. Only the system "
             "framebuffer will be available")


def tag_base(out):
    """The address of the Multiboot2 framebuffer tag, or None."""
    tag = TAG_LINE.search(out)
    return int(tag.group(4), 16) if tag else None


def efifb_took_tag(out):
    """efifb probed the address, size, depth and line length of the tag."""
    tag, at, mode = (r.search(out) for r in (TAG_LINE, EFIFB_AT, EFIFB_MODE))
    if not (tag and at and mode):
        return False
    return (int(at.group(1), 16) == int(tag.group(4), 16) and
            mode.groups() == tuple(tag.group(i) for i in (1, 2, 3, 5)))


def efifb_range(out):
    """[start, end) efifb says it uses, or None."""
    at = EFIFB_AT.search(out)
    if not at:
        return None
    start = int(at.group(1), 16)
    return (start, start + int(at.group(2)) * 1024)


def bar_of(out, addr):
    """[start, end) of the PCI memory BAR holding @addr, or None."""
    for m in PCI_BAR.finditer(out):
        start, last = int(m.group(1), 16), int(m.group(2), 16)
        if addr is not None and start <= addr <= last:
            return (start, last + 1)
    return None


def wc_over(lines, bar):
    """The write-combining pat_memtype_list ranges that overlap @bar, in
    order; None without the list or with a line not in Linux's format."""
    if not lines or lines[0] != "PAT memtype list:" or not bar:
        return None
    ents = [MEMTYPE_LINE.match(l) for l in lines[1:]]
    if not all(ents):
        return None
    ranges = [(int(m.group(1), 16), int(m.group(2), 16))
              for m in ents if m.group(3) == "write-combining"]
    return [r for r in ranges if r[0] < bar[1] and bar[0] < r[1]]


def efifb_regions(lines):
    """The [start, end) of each "efifb" region of /proc/iomem; None
    without the file."""
    if not lines:
        return None
    return [(int(m.group(1), 16), int(m.group(2), 16) + 1)
            for m in map(IOMEM_EFIFB.match, lines) if m]


def after(out, first, then):
    """@then is in @out, after @first."""
    i = out.find(first)
    return i >= 0 and out.find(then, i) > i


def console_on(out):
    """The driver the text console moved to last, or None."""
    drivers = FBCON.findall(out)
    return drivers[-1] if drivers else None


def hex_range(r):
    return f"[{r[0]:#x}-{r[1]:#x})" if r else "(none)"


def handover_checks(out):
    """bochs took the framebuffer over from efifb and nothing of efifb
    is left."""
    bar = bar_of(out, tag_base(out))
    yield (f"{SWITCHED!r} after efifb registered",
           after(out, REGISTERED, SWITCHED))
    yield ("fb0 is bochs-drmdrmfb",
           qemu.command_output(out, NAME_CMD) == ["bochs-drmdrmfb"])
    yield (f"pat_memtype_list: one write-combining entry over the BAR "
           f"{hex_range(bar)}, all of it (bochs's)",
           bar is not None and
           wc_over(qemu.command_output(out, MEMTYPE_CMD), bar) == [bar])
    yield ("/proc/iomem: no efifb region left",
           efifb_regions(qemu.command_output(out, IOMEM_CMD)) == [])
    yield "the console moved to bochs", console_on(out) == "bochs"


def nomodeset_checks(out):
    """efifb stayed fb0, its mapping and region exactly the range it
    uses."""
    used = efifb_range(out)
    bar = bar_of(out, tag_base(out))
    yield "nomodeset kept bochs off", NOMODESET in out and SWITCHED not in out
    yield ("fb0 is EFI VGA",
           qemu.command_output(out, NAME_CMD) == ["EFI VGA"])
    yield (f"pat_memtype_list: one write-combining entry over the BAR, "
           f"efifb's {hex_range(used)}",
           used is not None and
           wc_over(qemu.command_output(out, MEMTYPE_CMD), bar) == [used])
    yield ("/proc/iomem: efifb's region is the same range",
           used is not None and
           efifb_regions(qemu.command_output(out, IOMEM_CMD)) == [used])
    yield "the console stayed on efifb", console_on(out) == "efifb"


def checks(out, nomodeset, ppm, rasterize):
    """(description, ok) for the framebuffer of a GRUB boot whose
    screendump at PROMPT is @ppm (missing if none was taken)."""
    yield "efifb probed the Multiboot2 framebuffer tag's mode", \
        efifb_took_tag(out)
    yield f"{REGISTERED!r}", REGISTERED in out
    yield from (nomodeset_checks(out) if nomodeset else handover_checks(out))
    shot = os.path.exists(ppm)
    yield "screendump at the prompt", shot
    if shot:
        for ok, what in screenshot.console_checks(*screenshot.read_ppm(ppm),
                                                  rasterize):
            yield "screen: " + what, ok
