#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Screenshot test of the framebuffer console.

Boot cachet on q35 with QEMU's standard VGA and no display, run
'echo hello-framebuffer' through shell.run (no poweroff, so the screen
stays), wait for the next prompt on the serial port, take a screendump
through the QEMU monitor and check the picture: 1024x768, not blank, and
the last three text rows drawn where the console puts them, pixel for
pixel in cachet's own font (drivers/video/console/mkfont_8x16.py is the
oracle), with the cursor block right after the prompt's "# ".

Runs once as is and once with 'nopat' (write-combining falls back to
UC-; the console must draw the same).  A third boot runs a user program
as init (fb_draw from the PAT selftest image, "make -C
tools/testing/selftests/pat image") that writes a pattern into /dev/fb0
with pwrite(); the screendump must show that pattern pixel for pixel
(pattern_pixel() is the oracle, the program's fb_draw_pixel() the same
formula).  Without the image that case is skipped.  Prints ok / not ok lines and
"N passed, N failed, N skipped"; exits 1 on any failure.  When QEMU or
its VGA device is missing, the test counts as one skipped (exit 0).
The checks of the console picture (console_checks()) are also those of
the GRUB rows of tools/testing/runner/boot_matrix.py.

usage: screenshot.py [--kernel VMLINUX] [--qemu BINARY] [--keep DIR]
                     [--image INITRAMFS]
"""
import argparse
import importlib.util
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

SRCTREE = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..",
                                       "..", ".."))
FONT_GEN = os.path.join(SRCTREE, "drivers", "video", "console",
                        "mkfont_8x16.py")
WIDTH, HEIGHT = 1024, 768
CELL_W, CELL_H = 8, 16
COLS, ROWS = WIDTH // CELL_W, HEIGHT // CELL_H
BG = (0, 0, 0)
WORD = "hello-framebuffer"
PROMPT_DONE = f"# echo {WORD}\n{WORD}\n# "
BOOT_TIMEOUT = 90

CONFIGS = [("default", ""), ("nopat", "nopat")]


def load_font():
    spec = importlib.util.spec_from_file_location("mkfont_8x16", FONT_GEN)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.rasterize


def has_vga(qemu):
    try:
        out = subprocess.run([qemu, "-device", "help"], capture_output=True,
                             timeout=30).stdout.decode("utf-8", "replace")
    except (OSError, subprocess.TimeoutExpired):
        return False
    return 'name "VGA"' in out


def read_ppm(path):
    """(width, height, bytes of RGB) of a binary PPM (P6, maxval 255)."""
    data = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        start = pos
        while not data[pos:pos + 1].isspace():
            pos += 1
        fields.append(data[start:pos])
    pos += 1  # the single whitespace byte after maxval
    if fields[0] != b"P6" or int(fields[3]) != 255:
        raise ValueError(f"not an 8-bit P6 image: {fields}")
    w, h = int(fields[1]), int(fields[2])
    pixels = data[pos:pos + w * h * 3]
    if len(pixels) != w * h * 3:
        raise ValueError("truncated image")
    return w, h, pixels


class Screen:
    """The screendump seen as a grid of 8x16 cells."""

    def __init__(self, w, pixels):
        self.w, self.px = w, pixels

    def ink(self, x, y):
        i = (y * self.w + x) * 3
        return tuple(self.px[i:i + 3]) != BG

    def cell(self, row, col):
        """16 row bytes, leftmost pixel in bit 7, like the font."""
        out = []
        for py in range(CELL_H):
            b = 0
            for px in range(CELL_W):
                if self.ink(col * CELL_W + px, row * CELL_H + py):
                    b |= 0x80 >> px
            out.append(b)
        return out


def find_cursor(screen):
    """Cells drawn solid: the cursor block (no glyph is a full block)."""
    found = []
    for row in range(ROWS):
        for col in range(COLS):
            # cheap pre-check on two pixels before the whole cell
            if not (screen.ink(col * CELL_W, row * CELL_H) and
                    screen.ink(col * CELL_W + 7, row * CELL_H + 15)):
                continue
            if all(b == 0xff for b in screen.cell(row, col)):
                found.append((row, col))
    return found


def row_matches(screen, rasterize, row, text):
    """None if screen row @row shows exactly @text then blanks, else why."""
    for col in range(COLS):
        ch = text[col] if col < len(text) else " "
        if screen.cell(row, col) != rasterize(ch):
            return f"row {row} col {col}: expected {ch!r}"
    return None


def monitor_read(sock, timeout=30):
    """Read monitor output up to its next (qemu) prompt, or to EOF."""
    buf = b""
    end = time.monotonic() + timeout
    while b"(qemu)" not in buf and time.monotonic() < end:
        try:
            chunk = sock.recv(4096)
        except socket.timeout:
            continue
        if not chunk:
            break
        buf += chunk
    return buf.decode("utf-8", "replace")


def monitor_command(sock, cmd, timeout=30):
    """Send one monitor command; its output, once the next prompt shows."""
    sock.sendall(cmd.encode() + b"\n")
    return monitor_read(sock, timeout)


def console_checks(w, h, px, rasterize):
    """(ok, description) for each check of a screendump taken at the
    prompt after shell.run="echo WORD": the size, some ink, one cursor
    block right after the prompt, and the last three rows drawn in
    cachet's font.  Stops after a failure the later checks depend on."""
    yield (w, h) == (WIDTH, HEIGHT), f"image is {w}x{h}"
    if (w, h) != (WIDTH, HEIGHT):
        return
    lit = sum(1 for i in range(0, len(px), 3) if px[i:i + 3] != b"\0\0\0")
    frac = lit / (w * h)
    yield frac > 0.02, f"not blank ({frac:.1%} of pixels lit)"

    screen = Screen(w, px)
    cursors = find_cursor(screen)
    yield len(cursors) == 1, f"one cursor block, at {cursors}"
    if len(cursors) != 1:
        return
    row, col = cursors[0]
    yield col == 2, f"cursor right after '# ' (column {col})"
    yield row >= 2, f"cursor below the command (row {row})"
    if row < 2:
        return
    why = row_matches(screen, rasterize, row - 2, f"# echo {WORD}")
    yield why is None, (f"'# echo {WORD}' drawn on row {row - 2}"
                        + (f" ({why})" if why else ""))
    why = row_matches(screen, rasterize, row - 1, WORD)
    yield why is None, (f"'{WORD}' drawn on row {row - 1}"
                        + (f" ({why})" if why else ""))
    prompt_ok = (screen.cell(row, 0) == rasterize("#") and
                 screen.cell(row, 1) == rasterize(" "))
    yield prompt_ok, f"prompt '# ' drawn on row {row}"


def boot_and_dump(qemu, kernel, params, workdir, done=None, initrd=None):
    """Boot, wait for the prompt (or @done), screendump.
    (serial text, ppm or None, err)."""
    mon = os.path.join(workdir, "monitor.sock")
    ppm = os.path.join(workdir, "screen.ppm")
    if done is None:
        append = (params + " " if params else "") + f'shell.run="echo {WORD}"'
        done = PROMPT_DONE
    else:
        append = params
    cmd = [qemu, "-M", "q35", "-m", "512M", "-cpu", "qemu64", "-vga", "std",
           "-display", "none", "-no-reboot", "-kernel", kernel,
           "-append", append, "-serial", "stdio",
           "-monitor", f"unix:{mon},server,nowait"]
    if initrd:
        cmd += ["-initrd", initrd]
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    serial = b""
    try:
        os.set_blocking(proc.stdout.fileno(), False)
        end = time.monotonic() + BOOT_TIMEOUT
        while time.monotonic() < end:
            chunk = proc.stdout.read()
            if chunk:
                serial += chunk
                text = serial.decode("utf-8", "replace").replace("\r\n", "\n")
                if (text.endswith(done) if done == PROMPT_DONE
                        else done in text):
                    break
            elif proc.poll() is not None:
                return serial, None, f"QEMU exited with {proc.returncode}"
            time.sleep(0.05)
        else:
            return serial, None, "timed out waiting for the prompt"
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(1)
        sock.connect(mon)
        monitor_read(sock)                 # the banner and first prompt
        out = monitor_command(sock, f"screendump {ppm}")
        if "(qemu)" not in out:
            return serial, None, "no answer to screendump"
        # quit, then let QEMU close the socket: closing first may drop it
        monitor_command(sock, "quit")
        sock.close()
        proc.wait(timeout=30)
        if not os.path.exists(ppm):
            return serial, None, "screendump wrote no file"
        return serial, ppm, None
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def check_config(name, params, qemu, kernel, rasterize, keep, report):
    workdir = tempfile.mkdtemp(prefix=f"cachet-fb-{name}-")
    try:
        serial, ppm, err = boot_and_dump(qemu, kernel, params, workdir)
        text = serial.decode("utf-8", "replace").replace("\r\n", "\n")
        report(err is None, f"{name}: boot to the prompt and screendump"
               + (f" ({err})" if err else ""))
        if err:
            sys.stdout.write("# " + "\n# ".join(text.splitlines()[-15:])
                             + "\n")
            return
        report("fbcon: bochs: 128x48 text console" in text,
               f"{name}: console registered on the bochs framebuffer")
        if keep:
            os.makedirs(keep, exist_ok=True)
            shutil.copy(ppm, os.path.join(keep, f"screen-{name}.ppm"))
        for ok, what in console_checks(*read_ppm(ppm), rasterize):
            report(ok, f"{name}: {what}")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


# the pattern fb_draw writes (tools/testing/selftests/pat/fb_draw.c)
DRAW_W, DRAW_H = 256, 128
DRAW_DONE = re.compile(r"fb_draw: drawn (\d+)x(\d+) at (\d+),(\d+)")


def pattern_pixel(x, y):
    """(R, G, B) of fb_draw's pixel (x, y) of its block"""
    return (x & 0xff, (2 * y) & 0xff, (x ^ y) & 0xff)


def check_user_draw(qemu, kernel, image, keep, report):
    if not image or not os.path.exists(image):
        print("ok - user: /dev/fb0 pattern on screen # SKIP no PAT selftest "
              "image (make -C tools/testing/selftests/pat image)")
        return 1
    workdir = tempfile.mkdtemp(prefix="cachet-fb-user-")
    try:
        serial, ppm, err = boot_and_dump(
            qemu, kernel, "quiet rdinit=/selftests/tools/fb_draw", workdir,
            done="fb_draw: drawn", initrd=image)
        text = serial.decode("utf-8", "replace").replace("\r\n", "\n")
        report(err is None, "user: fb_draw ran and screendump"
               + (f" ({err})" if err else ""))
        if err:
            sys.stdout.write("# " + "\n# ".join(text.splitlines()[-15:])
                             + "\n")
            return 0
        if keep:
            os.makedirs(keep, exist_ok=True)
            shutil.copy(ppm, os.path.join(keep, "screen-user.ppm"))
        m = DRAW_DONE.search(text)
        w, h, px = read_ppm(ppm)
        x0, y0 = int(m.group(3)), int(m.group(4))
        bad = []
        for y in range(DRAW_H):
            for x in range(DRAW_W):
                i = ((y0 + y) * w + x0 + x) * 3
                if tuple(px[i:i + 3]) != pattern_pixel(x, y):
                    bad.append((x, y))
        report(not bad, f"user: the {DRAW_W}x{DRAW_H} pattern written "
               f"through /dev/fb0 is on screen at {x0},{y0}"
               + (f" ({len(bad)} pixels differ, first {bad[0]})"
                  if bad else ""))
        return 0
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kernel", default=os.path.join(SRCTREE, "vmlinux"))
    ap.add_argument("--qemu", default="qemu-system-x86_64")
    ap.add_argument("--keep", help="copy the screendumps into this directory")
    ap.add_argument("--image", default=os.path.join(
        SRCTREE, "build", "pat-selftests", "initramfs.cpio.gz"),
        help="the PAT selftest initramfs, for the user-space case")
    args = ap.parse_args()

    if not shutil.which(args.qemu):
        print(f"ok 1 - screenshot # SKIP {args.qemu} not found")
        print("0 passed, 0 failed, 1 skipped")
        return 0
    if not has_vga(args.qemu):
        print(f"ok 1 - screenshot # SKIP {args.qemu} has no standard VGA "
              "device (-vga std)")
        print("0 passed, 0 failed, 1 skipped")
        return 0
    if not os.path.exists(args.kernel):
        print(f"not ok 1 - kernel {args.kernel} not found")
        print("0 passed, 1 failed, 0 skipped")
        return 1

    rasterize = load_font()
    counts = {True: 0, False: 0}

    def report(ok, what):
        counts[ok] += 1
        n = counts[True] + counts[False]
        print(f"{'ok' if ok else 'not ok'} {n} - {what}", flush=True)

    for name, params in CONFIGS:
        check_config(name, params, args.qemu, args.kernel, rasterize,
                     args.keep, report)
    skipped = check_user_draw(args.qemu, args.kernel, args.image, args.keep,
                              report)
    print(f"{counts[True]} passed, {counts[False]} failed, {skipped} skipped")
    return 1 if counts[False] else 0


if __name__ == "__main__":
    sys.exit(main())
