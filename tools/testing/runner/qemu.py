# SPDX-License-Identifier: GPL-2.0
"""Boot cachet under QEMU (TCG) and return the serial transcript."""
import json
import os
import re
import socket
import subprocess
import tempfile
import threading
import time

import hang_report

LOG_LINE = re.compile(r"^\[\s*\d+\.\d+\] ")


def _qemu_cmd(kernel, append, machine, cpu, mem, smp):
    return ["qemu-system-x86_64", "-M", machine, "-cpu", cpu, "-m", mem,
            "-smp", str(smp), "-kernel", kernel, "-append", append,
            "-serial", "stdio", "-display", "none", "-no-reboot",
            "-monitor", "none"]


def boot(kernel, append="", machine="q35", cpu="qemu64", mem="512M",
         smp=1, timeout=180, debug_exit=False, extra=()):
    """Boot @kernel until QEMU ends or @timeout seconds pass.  Returns
    (transcript, exit status or None on time-out, seconds).  On a
    time-out the transcript ends with "<timeout>" and then where each CPU
    was (hang_report.py), read through a QMP socket before the kill."""
    tmp = tempfile.mkdtemp(prefix="cachet-boot-")
    path = os.path.join(tmp, "qmp.sock")
    cmd = _qemu_cmd(kernel, append, machine, cpu, mem, smp)
    if debug_exit:
        cmd += ["-device", "isa-debug-exit,iobase=0xf4,iosize=0x04"]
    cmd += list(extra) + ["-qmp", f"unix:{path},server=on,wait=off"]
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    chunks = []
    reader = threading.Thread(target=_read_all, args=(proc.stdout, chunks))
    reader.start()
    tail, status = b"", None
    try:
        status = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        tail = b"\n<timeout>\n" + "".join(
            l + "\n" for l in _hang_lines(path, proc, kernel, smp,
                                           b"".join(chunks))).encode()
        proc.kill()
        proc.wait()
    finally:
        reader.join()
        if os.path.exists(path):
            os.unlink(path)
        os.rmdir(tmp)
    out = b"".join(chunks) + tail
    text = out.decode("utf-8", "replace").replace("\r\n", "\n")
    return text, status, time.monotonic() - t0


def _hang_lines(path, proc, kernel, smp, out):
    """hang_report's lines for the running guest at @path, its CPUs
    stopped first so that they all describe one moment"""
    sock = _qmp_connect(path, proc, time.monotonic() + 5)
    if not sock:
        return ["hang: no QMP connection"]
    try:
        sock.settimeout(30)
        msgs = _qmp_lines(sock)
        next(msgs)                                  # the greeting
        _qmp_call(sock, msgs, "qmp_capabilities")
        _qmp_call(sock, msgs, "stop")
        return hang_report.report(sock, msgs, kernel, smp,
                                  out.decode("utf-8", "replace"))
    except (OSError, StopIteration, ValueError) as e:
        return [f"hang: QMP failed: {e}"]
    finally:
        sock.close()


def _iso_cmd(iso, machine, cpu, mem, smp, bios):
    cmd = ["qemu-system-x86_64", "-M", machine, "-cpu", cpu, "-m", mem,
           "-smp", str(smp), "-cdrom", iso, "-serial", "stdio",
           "-display", "none", "-no-reboot", "-monitor", "none"]
    return cmd + (["-bios", bios] if bios else [])


def _iso_text(out):
    """The transcript of a GRUB boot, without the carriage returns and
    the escape sequences GRUB and the firmware write."""
    text = out.decode("utf-8", "replace").replace("\r", "")
    return re.sub(r"\x1b(\[[0-9;?=]*[A-Za-z]|[()=>][0-9A-Za-z]?)", "", text)


def _read_all(f, chunks):
    """Collect what @f gives into @chunks until EOF (a reader thread)."""
    while True:
        data = f.read1(65536)
        if not data:
            return
        chunks.append(data)


def _qmp_call(sock, msgs, cmd, args=None):
    """Run one QMP command; its answer ("return" or "error")."""
    req = {"execute": cmd}
    if args:
        req["arguments"] = args
    sock.sendall(json.dumps(req).encode() + b"\n")
    for m in msgs:
        if "return" in m or "error" in m:
            return m
    raise StopIteration


def _dump_at_prompt(proc, sock, chunks, prompt, ppm, deadline):
    """Wait until the transcript shows @prompt, dump the screen into
    @ppm, then type "poweroff" at the shell.  Nothing when QEMU ends or
    @deadline passes first."""
    while prompt not in _iso_text(b"".join(chunks[:])):
        if proc.poll() is not None or time.monotonic() > deadline:
            return
        time.sleep(0.1)
    sock.settimeout(max(1, deadline - time.monotonic()))
    msgs = _qmp_lines(sock)
    next(msgs)                                      # the greeting
    _qmp_call(sock, msgs, "qmp_capabilities")
    _qmp_call(sock, msgs, "screendump", {"filename": ppm})
    proc.stdin.write(b"poweroff\n")
    proc.stdin.flush()


def boot_iso_screendump(iso, prompt, ppm, machine="q35", cpu="qemu64",
                        mem="512M", smp=1, bios=None, timeout=300):
    """Boot a GRUB image (make isoimage) from the CD-ROM drive, with the
    firmware image @bios (OVMF for UEFI) or QEMU's SeaBIOS, QEMU's
    standard VGA (q35's default) and a QMP socket beside @ppm, for a shell.run script that ends at the
    prompt instead of powering off: once the transcript shows @prompt,
    the screen is dumped into @ppm (PPM, QMP's screendump) and
    "poweroff" typed on the serial port.  Returns (transcript, status,
    seconds), the transcript without GRUB's and the firmware's escape
    sequences; @ppm is missing when the prompt never came
    or QEMU refused the screendump."""
    path = ppm + ".qmp"
    cmd = _iso_cmd(iso, machine, cpu, mem, smp, bios) + [
        "-qmp", f"unix:{path},server=on,wait=off"]
    t0 = time.monotonic()
    deadline = t0 + timeout
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    chunks = []
    reader = threading.Thread(target=_read_all, args=(proc.stdout, chunks))
    reader.start()
    sock = _qmp_connect(path, proc, deadline)
    timed_out = False
    try:
        if sock:
            _dump_at_prompt(proc, sock, chunks, prompt, ppm, deadline)
        proc.wait(timeout=max(1, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        timed_out = True
    except (OSError, StopIteration, ValueError):
        pass
    finally:
        if sock:
            sock.close()
        if proc.poll() is None:
            try:
                proc.wait(timeout=max(1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                timed_out = True
                proc.kill()
                proc.wait()
        reader.join()
        proc.stdin.close()
        if os.path.exists(path):
            os.unlink(path)
    out = b"".join(chunks) + (b"\n<timeout>\n" if timed_out else b"")
    status = None if timed_out else proc.returncode
    return _iso_text(out), status, time.monotonic() - t0


def _qmp_lines(sock):
    buf = b""
    while True:
        while b"\n" not in buf:
            data = sock.recv(65536)
            if not data:
                return
            buf += data
        line, buf = buf.split(b"\n", 1)
        if line.strip():
            yield json.loads(line)


def _qmp_connect(path, proc, deadline):
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            s = socket.socket(socket.AF_UNIX)
            s.connect(path)
            return s
        except OSError:
            s.close()
            time.sleep(0.05)
    return None


def boot_then_inspect(kernel, hmp, append="", machine="q35", cpu="qemu64",
                      mem="512M", smp=1, timeout=180):
    """Boot like boot(), but keep the machine after the guest powers off
    (-no-shutdown) and ask QEMU's monitor the HMP commands @hmp about it,
    so a test can check state only QEMU sees, such as what each CPU is
    doing.  Returns (transcript, {command: answer}, seconds); the answers
    are empty when the guest did not power off in time."""
    tmp = tempfile.mkdtemp(prefix="cachet-qmp-")
    path = os.path.join(tmp, "qmp.sock")
    cmd = _qemu_cmd(kernel, append, machine, cpu, mem, smp) + [
        "-no-shutdown", "-qmp", f"unix:{path},server=on,wait=off"]
    t0 = time.monotonic()
    deadline = t0 + timeout
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    chunks = []
    reader = threading.Thread(target=lambda: chunks.append(proc.stdout.read()))
    reader.start()
    answers = {}
    sock = _qmp_connect(path, proc, deadline)
    try:
        if sock:
            sock.settimeout(max(1, deadline - time.monotonic()))
            msgs = _qmp_lines(sock)
            next(msgs)                              # the greeting
            sock.sendall(b'{"execute": "qmp_capabilities"}\n')
            for m in msgs:
                if m.get("event") == "SHUTDOWN":
                    break
            else:
                m = None
            for c in hmp if m else ():
                sock.sendall(json.dumps({
                    "execute": "human-monitor-command",
                    "arguments": {"command-line": c}}).encode() + b"\n")
                for r in msgs:
                    if "return" in r:
                        answers[c] = r["return"]
                        break
            sock.sendall(b'{"execute": "quit"}\n')
            proc.wait(timeout=max(1, deadline - time.monotonic()))
    except (subprocess.TimeoutExpired, OSError, StopIteration, ValueError):
        pass
    finally:
        if sock:
            sock.close()
        try:
            proc.wait(timeout=max(1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        reader.join()
        os.unlink(path) if os.path.exists(path) else None
        os.rmdir(tmp)
    text = b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n")
    return text, answers, time.monotonic() - t0


def cpu_states(info_registers):
    """{cpu index: (CS selector, halted)} from HMP's "info registers -a"."""
    states, cpu = {}, None
    for line in info_registers.replace("\r\n", "\n").split("\n"):
        m = re.match(r"^CPU#(\d+)", line)
        if m:
            cpu = int(m.group(1))
            states[cpu] = [None, None]
        elif cpu is not None:
            m = re.search(r"\bHLT=(\d)", line)
            if m:
                states[cpu][1] = m.group(1) == "1"
            m = re.match(r"^CS =([0-9a-f]{4}) ", line)
            if m:
                states[cpu][0] = int(m.group(1), 16)
    return {k: tuple(v) for k, v in states.items()}


def _command_runs(out, cmd):
    """For each time the shell ran @cmd, the lines up to the next echoed
    command."""
    lines = out.split("\n")
    runs = []
    for i, line in enumerate(lines):
        if line == "# " + cmd.strip():
            run = []
            for l in lines[i + 1:]:
                if l.startswith("# "):
                    break
                run.append(l)
            runs.append(run)
    return runs


def command_output(out, cmd, nth=0):
    """Lines printed by the @nth run of a shell.run command, up to the
    next echoed command; kernel log lines that interleave are left out.
    None when the command did not run that often."""
    runs = _command_runs(out, cmd)
    if nth >= len(runs):
        return None
    return [l for l in runs[nth] if not LOG_LINE.match(l)]


def command_log(out, cmd, nth=0):
    """Kernel log lines printed while the @nth run of a shell.run command
    ran, without their timestamps; None when it did not run that often."""
    runs = _command_runs(out, cmd)
    if nth >= len(runs):
        return None
    return [LOG_LINE.sub("", l) for l in runs[nth] if LOG_LINE.match(l)]
