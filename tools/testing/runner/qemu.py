# SPDX-License-Identifier: GPL-2.0
"""Boot cachet under QEMU (TCG) and return the serial transcript."""
import re
import subprocess
import time

LOG_LINE = re.compile(r"^\[\s*\d+\.\d+\] ")


def boot(kernel, append="", machine="q35", cpu="qemu64", mem="512M",
         smp=1, timeout=180, debug_exit=False, extra=()):
    cmd = ["qemu-system-x86_64", "-M", machine, "-cpu", cpu, "-m", mem,
           "-smp", str(smp), "-kernel", kernel, "-append", append,
           "-serial", "stdio", "-display", "none", "-no-reboot",
           "-monitor", "none"]
    if debug_exit:
        cmd += ["-device", "isa-debug-exit,iobase=0xf4,iosize=0x04"]
    cmd += list(extra)
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout)
        out, status = p.stdout, p.returncode
    except subprocess.TimeoutExpired as e:
        out, status = (e.stdout or b"") + b"\n<timeout>\n", None
    text = out.decode("utf-8", "replace").replace("\r\n", "\n")
    return text, status, time.monotonic() - t0


def command_output(out, cmd):
    """Lines printed by a shell.run command, up to the next echoed command;
    kernel log lines that interleave are left out."""
    lines = out.split("\n")
    for i, line in enumerate(lines):
        if line == "# " + cmd.strip():
            res = []
            for l in lines[i + 1:]:
                if l.startswith("# "):
                    break
                if not LOG_LINE.match(l):
                    res.append(l)
            return res
    return None
