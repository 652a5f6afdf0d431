# SPDX-License-Identifier: GPL-2.0
"""Where each CPU of a guest that did not finish in time is, read through
QEMU's monitor before the guest is killed: its halt state, its RIP and a
frame-pointer backtrace (the kernel keeps frame pointers), symbolised
from the kernel's own symbol table; then the last kernel messages the
console did not show (a test may lower console_loglevel), read from the
printk ring (kernel/printk/printk.c keeps it as plain text).  A time-out
in a CI log then says which code the CPUs were in, not just that the run
took too long."""
import bisect
import json
import os
import re
import subprocess
import tempfile

MAX_FRAMES = 16
MAX_LOG_LINES = 12


class Symbols:
    """Text symbols of an ELF kernel, for address -> "name+0xoff"."""

    def __init__(self, kernel):
        self.addrs, self.names = [], []
        self.data = {}                  # name: (address, size)
        try:
            out = subprocess.run(["nm", "-n", "-S", kernel],
                                 capture_output=True, text=True,
                                 timeout=60).stdout
        except (OSError, subprocess.TimeoutExpired):
            out = ""
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 4 and parts[2] in "bBdD":
                self.data[parts[3]] = (int(parts[0], 16), int(parts[1], 16))
            parts = parts[:1] + parts[-2:]
            if len(parts) == 3 and parts[1] in "tTwW":
                self.addrs.append(int(parts[0], 16))
                self.names.append(parts[2])

    def offset(self, addr):
        """@addr's offset in its text symbol, or None"""
        i = bisect.bisect_right(self.addrs, addr) - 1
        return addr - self.addrs[i] if i >= 0 else None

    def name(self, addr):
        """"sym+0xoff", or None for an address in no text symbol's reach"""
        i = bisect.bisect_right(self.addrs, addr) - 1
        if i < 0 or addr - self.addrs[i] >= 0x10000:
            return None
        return f"{self.names[i]}+{addr - self.addrs[i]:#x}"


def _hmp(sock, msgs, cmd, cpu):
    sock.sendall(json.dumps({
        "execute": "human-monitor-command",
        "arguments": {"command-line": cmd, "cpu-index": cpu}}).encode() +
        b"\n")
    for m in msgs:
        if "return" in m:
            return m["return"]
        if "error" in m:
            return ""
    return ""


def _reg(regs, name):
    m = re.search(rf"\b{name}=([0-9a-f]+)", regs)
    return int(m.group(1), 16) if m else None


def _read_quads(sock, msgs, cpu, addr, n):
    """The @n quadwords at virtual @addr as @cpu sees it, or None"""
    out = _hmp(sock, msgs, f"x /{n}gx {addr:#x}", cpu)
    vals = [int(v, 16) for v in re.findall(r"0x([0-9a-f]{16})", out)]
    return vals if len(vals) == n else None


def _apic(sock, msgs, cpu):
    """"TPR=.. PPR=.. ISR=.. IRR=.." from the CPU's local APIC: a vector in
    service or a raised priority is what keeps a halted CPU halted"""
    out = _hmp(sock, msgs, "info lapic", cpu)
    got = {}
    for key in ("ISR", "IRR"):
        m = re.search(rf"^{key}\s+(.*)$", out, re.M)
        got[key] = "-".join(m.group(1).replace("(none)", "").split()) or \
            "none" if m else "?"
    for key in ("TPR", "PPR"):
        m = re.search(rf"\b{key} (0x[0-9a-f]+)", out)
        got[key] = m.group(1) if m else "?"
    return " ".join(f"{k}={got[k]}" for k in ("TPR", "PPR", "ISR", "IRR"))


def _backtrace(sock, msgs, syms, cpu, rbp):
    frames = []
    for _ in range(MAX_FRAMES):
        if not rbp or rbp & 7 or rbp < 0xffff800000000000:
            break
        pair = _read_quads(sock, msgs, cpu, rbp, 2)
        if not pair or not pair[1]:
            break
        frames.append(syms.name(pair[1]) or f"{pair[1]:#x}")
        if pair[0] <= rbp:
            break
        rbp = pair[0]
    return frames


def _printk_ring(sock, msgs, syms):
    """The printk ring's text, oldest first, or "" """
    if "log_buf" not in syms.data or "log_head" not in syms.data:
        return ""
    buf, size = syms.data["log_buf"]
    head = _read_quads(sock, msgs, 0, syms.data["log_head"][0], 1)
    if not head or not size:
        return ""
    head = head[0]
    fd, path = tempfile.mkstemp(prefix="cachet-ring-")
    os.close(fd)
    try:
        # QMP's integers are signed 64-bit: the kernel's half is negative
        sock.sendall(json.dumps({"execute": "memsave", "arguments": {
            "val": buf - (1 << 64) if buf >> 63 else buf, "size": size,
            "filename": path, "cpu-index": 0}}).encode() + b"\n")
        for m in msgs:
            if "return" in m or "error" in m:
                break
        with open(path, "rb") as f:
            ring = f.read()
    finally:
        os.unlink(path)
    if len(ring) != size:
        return ""
    if head > size:
        ring = ring[head % size:] + ring[:head % size]
    else:
        ring = ring[:head]
    return ring.decode("utf-8", "replace")


def _shape(line):
    """A message without its time stamp and numbers: what repeats"""
    return re.sub(r"[0-9a-f]{2,}|\d", "#", line.split("] ", 1)[-1])


def hidden_messages(ring, transcript):
    """The last kernel messages of @ring that @transcript lacks, each
    kind once (its last occurrence): a flood of one message, such as
    the stress's memtype conflicts, must not hide the rare one"""
    seen = set(transcript.split("\n"))
    lines = [l for l in ring.split("\n")[1:-1]
             if l.startswith("[") and l not in seen]
    kinds, picked = set(), []
    for line in reversed(lines):
        if _shape(line) not in kinds:
            kinds.add(_shape(line))
            picked.append(line)
        if len(picked) == MAX_LOG_LINES:
            break
    return picked[::-1]


def _caller_in_prologue(sock, msgs, syms, cpu, rip, rsp):
    """The return address of a CPU stopped before its function's
    "push %rbp; mov %rsp,%rbp" finished, which the %rbp chain skips
    (it still holds the caller's frame), or None"""
    off = syms.offset(rip)
    if off not in (0, 1) or rsp is None:
        return None
    ret = _read_quads(sock, msgs, cpu, rsp + 8 * off, 1)
    return syms.name(ret[0]) or f"{ret[0]:#x}" if ret else None


def report(sock, msgs, kernel, ncpus, transcript=""):
    """Two lines per CPU of @ncpus: "hang: cpuN halted|running at RIP <
    caller < caller's caller ...", short enough for a log's tail, and
    "hang: cpuN apic TPR=.. PPR=.. ISR=.. IRR=.."; then
    "hang: log:" lines, the last messages the console (@transcript) did
    not show"""
    syms = Symbols(kernel)
    lines = []
    for cpu in range(ncpus):
        regs = _hmp(sock, msgs, "info registers", cpu)
        rip, rbp = _reg(regs, "RIP"), _reg(regs, "RBP")
        if rip is None:
            lines.append(f"hang: cpu{cpu}: no registers")
            continue
        state = "halted" if _reg(regs, "HLT") else "running"
        frames = [syms.name(rip) or f"{rip:#x}"]
        caller = _caller_in_prologue(sock, msgs, syms, cpu, rip,
                                     _reg(regs, "RSP"))
        frames += [caller] if caller else []
        frames += _backtrace(sock, msgs, syms, cpu, rbp)
        lines.append(f"hang: cpu{cpu} {state} at {' < '.join(frames)}")
        lines.append(f"hang: cpu{cpu} apic {_apic(sock, msgs, cpu)}")
    for line in hidden_messages(_printk_ring(sock, msgs, syms),
                                transcript.replace("\r\n", "\n")):
        lines.append(f"hang: log: {line}")
    return lines
