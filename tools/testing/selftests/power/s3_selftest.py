#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Suspend to RAM (ACPI S3) and resume, N rounds in a row.

Boots cachet on q35 with S3 enabled ("-global ICH9-LPC.disable_s3=0"),
QEMU's standard VGA and a QMP socket, and drives its shell over the
serial port: busybox's from the initramfs when there is one ("echo mem >
/sys/power/state"), else the kernel's built-in shell ("suspend").  Each
round waits for "ACPI: PM: Preparing to enter system sleep state S3",
wakes the machine through QMP ("system_wakeup", retried until QEMU has
it asleep), and then checks:

  - the suspend returned 0 and Linux's resume lines were printed;
  - /sys/kernel/debug/x86/pat_cpus is identical to before the first
    round (every CPU's IA32_PAT, MTRRdefType and MTRR digest);
  - /sys/kernel/debug/x86/pat_alias_check says ok;
  - /proc/uptime went on (the clock and the tick work after the wake);
  - with busybox, the first round stays asleep 5 s: `date +%s` and
    /proc/uptime must count them, and the wall clock must move as the
    host's did, to 2 s (timekeeping_resume(), on the RTC);
  - a QMP screendump shows the bochs mode (1024x768) with the round's
    kernel lines on it, each read back glyph by glyph against cachet's
    font (tools/testing/selftests/fb/screenshot.py's oracle): "Preparing
    to enter" was drawn before the sleep, so it shows the console
    redrew the screen the wake wiped; "suspend exit" that it draws after.

With busybox it also checks the state file: it reads "mem", an unknown
word is EINVAL and "disk" ENOSYS; and that memory the kernel handed out
survives each wake: the md5sums of /bin/busybox (page cache filled at
boot, in the lowest free RAM) and of 4 MiB from /dev/urandom written to
/tmp just before the first round do not change.  A second boot runs the same rounds
with -smp 4: the other CPUs go offline for the sleep and come back with
the same PAT and MTRRs (pat_cpus lists them all); with busybox, CPU 2 is
taken offline first and must still be offline after each wake.

usage: s3_selftest.py [--kernel VMLINUX] [--initrd CPIO] [--rounds N]
                      [--qemu BINARY]
Prints ok / not ok lines and "N passed, N failed, N skipped"; exits 1 on
any failure.  Without QEMU everything counts as skipped.
"""
import argparse
import importlib.util
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRCTREE = os.path.abspath(os.path.join(HERE, "..", "..", "..", ".."))
PREPARING = "ACPI: PM: Preparing to enter system sleep state S3"
ASLEEP = 5      # seconds the first round stays asleep
RESUME_LINES = ["ACPI: PM: Low-level resume complete",
                "ACPI: PM: Waking up from system sleep state S3",
                "PM: suspend exit"]
BOOT_TIMEOUT = 120
STEP_TIMEOUT = 60


def load_screenshot():
    path = os.path.join(SRCTREE, "tools", "testing", "selftests", "fb",
                        "screenshot.py")
    spec = importlib.util.spec_from_file_location("screenshot", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Results:
    def __init__(self):
        self.n = self.passed = self.failed = self.skipped = 0

    def check(self, name, ok, why=""):
        self.n += 1
        if ok:
            self.passed += 1
            print(f"ok {self.n} - {name}")
        else:
            self.failed += 1
            print(f"not ok {self.n} - {name}" + (f" # {why}" if why else ""))
        sys.stdout.flush()
        return ok

    def skip(self, name, why):
        self.n += 1
        self.skipped += 1
        print(f"ok {self.n} - {name} # SKIP {why}")


class Machine:
    """One QEMU: the serial console as a growing text, and QMP."""

    def __init__(self, qemu, kernel, initrd, smp, tmp):
        self.qmp_path = os.path.join(tmp, f"qmp-{smp}.sock")
        cmd = [qemu, "-accel", "tcg", "-M", "q35", "-m", "512M",
               "-cpu", "qemu64", "-smp", str(smp), "-kernel", kernel,
               "-append", "console=ttyS0", "-vga", "std",
               "-display", "none", "-serial", "stdio", "-no-reboot",
               "-global", "ICH9-LPC.disable_s3=0",
               "-qmp", f"unix:{self.qmp_path},server,nowait"]
        if initrd:
            cmd += ["-initrd", initrd]
        self.busybox = bool(initrd)
        self.out = bytearray()
        self.lock = threading.Lock()
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        threading.Thread(target=self._reader, daemon=True).start()
        self.qmp = None

    def _reader(self):
        while True:
            b = self.proc.stdout.read1(4096)
            if not b:
                return
            with self.lock:
                self.out.extend(b)

    def text(self, start=0):
        with self.lock:
            return self.out[start:].decode("utf-8", "replace")

    def mark(self):
        with self.lock:
            return len(self.out)

    def wait_for(self, what, start, timeout=STEP_TIMEOUT):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if what in self.text(start):
                return True
            if self.proc.poll() is not None:
                return False
            time.sleep(0.1)
        return False

    def prompt(self):
        return "/ # " if self.busybox else "\n# "

    def run(self, line, timeout=STEP_TIMEOUT):
        """Type @line, return what came back up to the next prompt."""
        start = self.mark()
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()
        echo_end = start
        # the prompt after the command's own echo
        if not self.wait_for(line, start, timeout):
            return None
        echo_end = start + self.text(start).index(line) + len(line)
        if not self.wait_for(self.prompt(), echo_end, timeout):
            return None
        out = self.text(echo_end)
        return out[:out.rindex(self.prompt())].strip("\r\n")

    def qmp_connect(self):
        s = socket.socket(socket.AF_UNIX)
        s.connect(self.qmp_path)
        self.qmp = s.makefile("rw")
        self.qmp.readline()
        self.qmp_cmd("qmp_capabilities")

    def qmp_cmd(self, name, **args):
        msg = {"execute": name}
        if args:
            msg["arguments"] = args
        self.qmp.write(json.dumps(msg) + "\n")
        self.qmp.flush()
        while True:
            r = json.loads(self.qmp.readline())
            if "event" not in r:
                return r

    def wake(self, timeout=STEP_TIMEOUT):
        """system_wakeup until QEMU takes it (it refuses while awake)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            r = self.qmp_cmd("query-status")
            if r.get("return", {}).get("status") == "suspended":
                return "error" not in self.qmp_cmd("system_wakeup")
            time.sleep(0.2)
        return False

    def stop(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


def suspend_cmd(m):
    if m.busybox:
        return "echo mem > /sys/power/state; echo rc=$?"
    return "suspend"


def suspend_round(m, res, tag, asleep=0):
    """Suspend, wait @asleep seconds, wake; True when the machine came
    back and said so."""
    start = m.mark()
    m.proc.stdin.write((suspend_cmd(m) + "\n").encode())
    m.proc.stdin.flush()
    if not res.check(f"{tag}: enters S3", m.wait_for(PREPARING, start)):
        return False
    time.sleep(asleep)
    if not res.check(f"{tag}: QMP wakes it", m.wake()):
        return False
    ok = m.wait_for(RESUME_LINES[-1], start) and \
        m.wait_for(m.prompt(), start + m.text(start).index(PREPARING))
    log = m.text(start)
    missing = [l for l in RESUME_LINES if l not in log]
    res.check(f"{tag}: resume messages", ok and not missing,
              f"missing {missing}")
    if m.busybox:
        res.check(f"{tag}: write returned 0", "rc=0" in log,
                  log.strip().splitlines()[-1:] and "rc line missing")
    else:
        res.check(f"{tag}: suspend returned 0", "suspend: failed" not in log)
    return ok


def first_field(m, cmd, conv):
    """@conv of the first word @cmd prints, or None"""
    out = m.run(cmd)
    try:
        return conv(out.split()[0])
    except (AttributeError, IndexError, ValueError):
        return None


def wall_clock(m):
    return first_field(m, "date +%s", int)


def uptime(m):
    return first_field(m, "cat /proc/uptime", float)


def kernel_lines(text):
    """The kernel's log lines ("[    1.234567] ...") in serial output."""
    return [l.strip("\r") for l in text.splitlines()
            if re.match(r"^\[ *\d+\.\d+\] ", l.strip("\r"))]


def screen_rows(shot, glyphs, screen):
    """The text on the screen, row by row, each glyph read back by exact
    match with the font's rasterization (anything else reads as "?")."""
    rows = []
    for row in range(shot.ROWS):
        rows.append("".join(glyphs.get(tuple(screen.cell(row, col)), "?")
                            for col in range(shot.COLS)).rstrip())
    return rows


def screen_check(m, shot, glyphs, tmp, want):
    """None when every line of @want is a row of the screen, else why.

    The kernel log goes to the framebuffer console as to the serial port,
    so the lines printed before the sleep show that the console redrew
    what the wake wiped, and those after it that it draws again."""
    path = os.path.join(tmp, "screen.ppm")
    if os.path.exists(path):
        os.unlink(path)
    r = m.qmp_cmd("screendump", filename=path)
    if "error" in r or not os.path.exists(path):
        return f"screendump failed: {r}"
    try:
        w, h, px = shot.read_ppm(path)
    except ValueError as e:
        return str(e)
    if (w, h) != (shot.WIDTH, shot.HEIGHT):
        return f"screen is {w}x{h}, not the bochs mode"
    rows = screen_rows(shot, glyphs, shot.Screen(w, px))
    missing = [l for l in want if l not in rows]
    if not want:
        return "no kernel line to look for"
    return f"not on the screen: {missing}" if missing else None


def state_file_checks(m, res):
    out = m.run("cat /sys/power/state")
    res.check("/sys/power/state reads \"mem\"", out == "mem", repr(out))
    out = m.run("echo deep > /sys/power/state; echo rc=$?")
    res.check("unknown word: EINVAL, nothing happens",
              out is not None and "Invalid argument" in out and
              "rc=1" in out and "suspend entry" not in out, repr(out))
    out = m.run("echo disk > /sys/power/state; echo rc=$?")
    res.check("disk: ENOSYS (no hibernation)",
              out is not None and "Function not implemented" in out and
              "rc=1" in out, repr(out))


# page-cache pages the allocator handed out at boot (busybox, unpacked
# early, sits in the lowest free RAM) and a few MiB handed out just now
DIGEST_FILES = ["/bin/busybox", "/tmp/s3_pattern"]


def memory_digest(m):
    """md5sums of DIGEST_FILES, the pattern file written first."""
    m.run("dd if=/dev/urandom of=/tmp/s3_pattern bs=4096 count=1024 "
          "2>/dev/null")
    out = m.run(f"md5sum {' '.join(DIGEST_FILES)}")
    if out is None or out.count("\n") != len(DIGEST_FILES) - 1:
        return None
    return out


def run_rounds(args, res, shot, glyphs, tmp, smp):
    m = Machine(args.qemu, args.kernel, args.initrd, smp, tmp)
    try:
        if not res.check(f"smp {smp}: boots to a shell",
                         m.wait_for(m.prompt(), 0, BOOT_TIMEOUT)):
            return
        m.qmp_connect()
        if m.busybox and smp == 1:
            state_file_checks(m, res)
        offline = None
        if smp > 2 and m.busybox:
            # an administrator's offline CPU must stay offline
            offline = smp - 2
            m.run(f"echo 0 > /sys/devices/system/cpu/cpu{offline}/online")
            online_before = m.run("cat /sys/devices/system/cpu/online")
            res.check(f"smp {smp}: cpu{offline} taken offline first",
                      online_before is not None and
                      str(offline) not in online_before.replace(
                          f"0-{offline - 1}", ""), repr(online_before))
        base = m.run("cat /sys/kernel/debug/x86/pat_cpus")
        res.check("pat_cpus before", base and base.startswith("cpu0: PAT="),
                  repr(base))
        why = screen_check(m, shot, glyphs, tmp, kernel_lines(m.text())[-1:])
        res.check("screen shows the console before", why is None, why)
        digest = memory_digest(m) if m.busybox else None
        if m.busybox:
            res.check("memory digest before", digest is not None,
                      "md5sum failed")
        last = uptime(m)
        for i in range(1, args.rounds + 1):
            tag = f"smp {smp} round {i}"
            start = m.mark()
            # the first round sleeps a while: boot time and the wall
            # clock must count it, as on Linux
            asleep = ASLEEP if i == 1 and m.busybox else 0
            if asleep:
                wall, host0, up = wall_clock(m), time.time(), uptime(m)
            if not suspend_round(m, res, tag, asleep):
                return
            if asleep:
                now = wall_clock(m)
                host = time.time() - host0
                up2 = uptime(m)
                # whole seconds on both sides and the RTC's: 2 s of slack
                res.check(f"{tag}: wall clock counts the {asleep} s asleep",
                          None not in (wall, now) and
                          now >= wall + asleep and
                          abs((now - wall) - host) <= 2,
                          f"guest {wall} -> {now}, host +{host:.1f} s")
                res.check(f"{tag}: /proc/uptime counts them too",
                          None not in (up, up2) and up2 >= up + asleep - 1,
                          f"{up} -> {up2}")
            ours = [l for l in kernel_lines(m.text(start))
                    if "PM: " in l]
            now = m.run("cat /sys/kernel/debug/x86/pat_cpus")
            res.check(f"{tag}: pat_cpus identical", now == base,
                      f"{now!r} != {base!r}")
            alias = m.run("cat /sys/kernel/debug/x86/pat_alias_check")
            res.check(f"{tag}: pat_alias_check ok",
                      alias is not None and alias.startswith("ok:"),
                      repr(alias))
            t = uptime(m)
            time.sleep(0.5)
            t2 = uptime(m)
            res.check(f"{tag}: uptime goes on",
                      None not in (last, t, t2) and last < t < t2,
                      f"{last} {t} {t2}")
            last = t2
            why = screen_check(m, shot, glyphs, tmp, ours)
            res.check(f"{tag}: screen shows the console", why is None, why)
            if digest is not None:
                now = m.run(f"md5sum {' '.join(DIGEST_FILES)}")
                res.check(f"{tag}: user memory unchanged", now == digest,
                          f"{now!r} != {digest!r}")
            if offline is not None:
                now = m.run("cat /sys/devices/system/cpu/online")
                res.check(f"{tag}: cpu{offline} still offline",
                          now == online_before,
                          f"{now!r} != {online_before!r}")
    finally:
        m.stop()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernel", default=os.path.join(SRCTREE, "vmlinux"))
    ap.add_argument("--initrd",
                    default=os.path.join(SRCTREE, "usr", "initramfs.cpio.gz"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--qemu", default="qemu-system-x86_64")
    args = ap.parse_args()
    if args.rounds < 1:
        ap.error("--rounds must be at least 1")
    if args.initrd and not os.path.exists(args.initrd):
        print(f"# no {args.initrd}: the built-in shell's suspend command")
        args.initrd = None
    res = Results()
    if not shutil.which(args.qemu):
        res.skip("S3 suspend/resume", f"no {args.qemu}")
    else:
        shot = load_screenshot()
        rasterize = shot.load_font()
        glyphs = {tuple(rasterize(chr(c))): chr(c) for c in range(32, 127)}
        with tempfile.TemporaryDirectory() as tmp:
            run_rounds(args, res, shot, glyphs, tmp, 1)
            run_rounds(args, res, shot, glyphs, tmp, 4)
    print(f"{res.passed} passed, {res.failed} failed, {res.skipped} skipped")
    return 1 if res.failed else 0


if __name__ == "__main__":
    sys.exit(main())
