# SPDX-License-Identifier: GPL-2.0
"""What a cases_*.py module lists: one boot and its checks."""
import re

STAMP = re.compile(r"^\[\s*\d+\.\d+\] ")


class Case:
    """One boot.  @boot holds qemu.boot()'s keyword arguments (append,
    machine, cpu, mem, smp, debug_exit, extra, timeout).  @check is
    called with the transcript and QEMU's exit status (None on a
    timeout) and yields (description, ok, detail) tuples; the case
    passes when every one is ok.  @skip, when set, is the reason the
    case cannot run here."""

    def __init__(self, name, check, skip=None, **boot):
        self.name, self.check, self.skip, self.boot = name, check, skip, boot


def log_lines(out):
    """The transcript's lines without their kernel timestamps."""
    return [STAMP.sub("", l) for l in out.split("\n")]
