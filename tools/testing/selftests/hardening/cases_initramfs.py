# SPDX-License-Identifier: GPL-2.0
"""The -initrd image at boot (init/initramfs.c): Linux's messages, the
members counted as the host counts them, and bad images (corrupt,
truncated, garbage, a lying gzip size) reported without harm.  The good
image is usr/initramfs.cpio.gz (make initramfs, Debian's busybox-static);
the others are made here from it or from scratch."""
import gzip
import os
import random

from hardening_case import Case, log_lines

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..",
                                   "..", ".."))
GOOD = os.path.join(TOP, "usr", "initramfs.cpio.gz")
WORK = os.path.join(TOP, "build", "selftests-initramfs")
SHELL = 'shell.run="poweroff"'
UNPACK = "Trying to unpack rootfs image as initramfs..."


def newc(members):
    """A newc archive of (name, mode, data[, attrs]) members, written here
    so the kernel's reader is checked against an independent writer;
    attrs may set uid, gid, mtime, nlink, ino, rdev (major, minor)."""
    out = b""
    for seq, member in enumerate(members + [("TRAILER!!!", 0, b"")], 721):
        name, mode, data = member[:3]
        a = member[3] if len(member) > 3 else {}
        nm = name.encode() + b"\0"
        rmaj, rmin = a.get("rdev", (0, 0))
        fields = [a.get("ino", seq), mode, a.get("uid", 0), a.get("gid", 0),
                  a.get("nlink", 1), a.get("mtime", 0), len(data), 0, 0,
                  rmaj, rmin, len(nm), 0]
        hdr = b"070701" + b"".join(b"%08X" % f for f in fields)
        out += hdr + nm
        out += b"\0" * (-len(out) % 4) + data
        out += b"\0" * (-len(out) % 4)
    return out


def count(archive):
    """(entries, dirs, files, file bytes, symlinks) of a newc archive."""
    i, n, d, f, fb, s = 0, 0, 0, 0, 0, 0
    while True:
        h = archive[i:i + 110]
        fld = [int(h[6 + 8 * k:14 + 8 * k], 16) for k in range(13)]
        mode, fsz, nsz = fld[1], fld[6], fld[11]
        name = archive[i + 110:i + 110 + nsz - 1]
        i = (i + 110 + nsz + 3) & ~3
        i = (i + fsz + 3) & ~3
        if name == b"TRAILER!!!":
            return n, d, f, fb, s
        n += 1
        t = mode & 0o170000
        d += t == 0o040000
        f += t == 0o100000
        fb += fsz if t == 0o100000 else 0
        s += t == 0o120000


def images():
    os.makedirs(WORK, exist_ok=True)
    made = {}
    plain = newc([(".", 0o40755, b""), ("etc", 0o40755, b""),
                  ("etc/hello", 0o100644, b"hello\n"),
                  ("bin", 0o40755, b""),
                  ("bin/busybox", 0o100755, b"\x7fELF"),
                  ("init", 0o120777, b"/bin/busybox")])
    made["plain"] = plain
    # attributes and every member type, for the fs_initramfs KTAP suite
    # (fs/tests/initramfs_test.c reads these values back)
    made["tree"] = newc([
        (".", 0o40755, b""),
        ("etc", 0o40750, b"", {"mtime": 1111111111}),
        ("etc/hello", 0o100640, b"hello\n",
         {"uid": 1000, "gid": 100, "mtime": 1234567890}),
        ("bin", 0o40755, b""),
        ("bin/busybox", 0o100755, b"\x7fELF"),
        ("bin/one", 0o100644, b"", {"nlink": 2, "ino": 5}),
        ("bin/two", 0o100644, b"data", {"nlink": 2, "ino": 5}),
        ("dev", 0o40755, b""),
        ("dev/console", 0o20600, b"", {"rdev": (5, 1)}),
        ("init", 0o120777, b"/bin/busybox"),
        ("tree-marker", 0o100644, b""),
    ])
    if os.path.exists(GOOD):
        good = open(GOOD, "rb").read()
        rng = random.Random(12)
        bad = bytearray(good)
        for _ in range(64):
            bad[rng.randrange(len(good) // 4, len(good) // 2)] ^= 0xff
        made["corrupt"] = bytes(bad)
        made["truncated"] = good[:len(good) // 2]
        made["huge_isize"] = good[:-4] + b"\xff\xff\xff\xff"
    made["garbage"] = bytes(random.Random(7).randrange(256)
                            for _ in range(8192))
    paths = {}
    for name, data in made.items():
        paths[name] = os.path.join(WORK, name + ".img")
        with open(paths[name], "wb") as f:
            f.write(data)
    return paths


def reached_shell(out, status):
    yield ("reached the shell and powered off",
           status == 0 and "# poweroff" in out, f"status {status}")
    yield ("no oops or panic", "Oops" not in out and "panic" not in out, "")


def unpacked(archive, rdinit_found, rdinit="/init"):
    n, d, f, fb, s = count(archive)
    want = (f"initramfs: {n} entries: {d} directories, {f} files "
            f"({fb} bytes), {s} symlinks")

    def check(out, status):
        lines = log_lines(out)
        yield f"logged: {UNPACK}", UNPACK in lines, ""
        yield (f"counted as the host counts: {want}",
               any(l.startswith(want) for l in lines),
               "; ".join(l for l in lines if l.startswith("initramfs:")))
        state = "found, executable" if rdinit_found else "not found"
        yield (f"{rdinit} {state}", any(
            l.startswith(f"initramfs: {rdinit} {state}") for l in lines),
            "; ".join(l for l in lines if l.startswith("initramfs:")))
        yield "every member created", not any(
            l.startswith("initramfs: cannot create") for l in lines), ""
        yield "no unpacking failure", not any(
            l.startswith("Initramfs unpacking failed") for l in lines), ""
        yield from reached_shell(out, status)
    return check


def failed(reason_start):
    def check(out, status):
        lines = log_lines(out)
        yield f"logged: {UNPACK}", UNPACK in lines, ""
        yield (f"logged: Initramfs unpacking failed: {reason_start}...",
               any(l.startswith("Initramfs unpacking failed: " +
                                reason_start) for l in lines),
               "; ".join(l for l in lines if "nitramfs" in l))
        yield from reached_shell(out, status)
    return check


def tree_ktest(out, status):
    lines = [l.strip() for l in log_lines(out)]
    yield "the fs_initramfs suite ran", any(
        l.startswith("# Subtest: fs_initramfs") for l in lines), None
    yield "no case skipped", not any("# SKIP" in l for l in lines), \
        "; ".join(l for l in lines if "SKIP" in l)
    yield "every case passed (isa-debug-exit 0)", status == 1, \
        f"status {status}"


def no_initrd(out, status):
    yield ("says there is none", "initramfs: none (no -initrd): starting "
           "the built-in shell" in log_lines(out), "")
    yield from reached_shell(out, status)


def _cases():
    p = images()
    skip = None if os.path.exists(GOOD) else \
        "no usr/initramfs.cpio.gz (make initramfs needs busybox-static)"
    good = gzip.decompress(open(GOOD, "rb").read()) if not skip else b""
    plain = open(p["plain"], "rb").read()
    cases = [
        Case("initramfs_none", no_initrd, append=SHELL),
        Case("initramfs_plain_cpio", unpacked(plain, True), append=SHELL,
             extra=["-initrd", p["plain"]]),
        Case("initramfs_garbage", failed(""), append=SHELL,
             extra=["-initrd", p["garbage"]]),
        Case("initramfs_tree_ktest", tree_ktest, append="ktest=fs_initramfs",
             debug_exit=True, timeout=60, extra=["-initrd", p["tree"]]),
    ]
    if skip:
        return cases + [Case(n, None, skip=skip) for n in (
            "initramfs_busybox", "initramfs_rdinit_missing",
            "initramfs_corrupt", "initramfs_truncated",
            "initramfs_huge_isize")]
    return cases + [
        Case("initramfs_busybox", unpacked(good, True), append=SHELL,
             extra=["-initrd", GOOD]),
        Case("initramfs_rdinit_missing", unpacked(good, False, "/sbin/nope"),
             append="rdinit=/sbin/nope " + SHELL, extra=["-initrd", GOOD]),
        Case("initramfs_corrupt", failed(""), append=SHELL,
             extra=["-initrd", p["corrupt"]]),
        Case("initramfs_truncated", failed(""), append=SHELL,
             extra=["-initrd", p["truncated"]]),
        Case("initramfs_huge_isize",
             failed("gzip size field out of range"), append=SHELL,
             extra=["-initrd", p["huge_isize"]]),
    ]


CASES = _cases()
