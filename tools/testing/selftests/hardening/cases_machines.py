# SPDX-License-Identifier: GPL-2.0
"""Odd machines: no PIT, no HPET, no ACPI, microvm, the ISA PC.

Each boot must measure a sane TSC rate, bring up every CPU the firmware
lists (through the MP table when there is no MADT) and end the QEMU run:
by ACPI where the machine has it, else through isa-debug-exit (status
1), never by halting until the timeout."""
import re

from hardening_case import Case, log_lines

STAMP = re.compile(r"^\[\s*(\d+\.\d+)\] ")
DETECTED = re.compile(r"^tsc: Detected (\d+)\.(\d{3}) MHz processor$")
# under TCG the guest TSC is the host's, so the host's rate is the reference
MIN_MHZ, MAX_MHZ = 50, 20000
EXIT_VIA_DEVICE = ("reboot: no power-off device answered, trying QEMU's "
                   "isa-debug-exit (port 0xf4)")


def host_mhz():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("cpu MHz"):
                    return float(line.split(":")[1])
    except OSError:
        pass
    return None


def check_tsc(out):
    """The last "tsc: Detected" rate is within a factor of 2 of the
    host's (or a plausible range when the host does not say)."""
    rates = [int(m.group(1)) + int(m.group(2)) / 1000
             for m in map(DETECTED.match, log_lines(out)) if m]
    if not rates:
        yield "a TSC rate is detected", False, "no 'tsc: Detected' line"
        return
    mhz, ref = rates[-1], host_mhz()
    if ref:
        ok = ref / 2 <= mhz <= ref * 2
        yield "TSC rate within a factor of 2 of the host's", ok, \
            f"{mhz} MHz, host {ref} MHz"
    else:
        yield "TSC rate plausible", MIN_MHZ <= mhz <= MAX_MHZ, f"{mhz} MHz"


def check_stamps(out, limit=60.0):
    """Timestamps never go back and stay below @limit seconds."""
    stamps = [float(m.group(1)) for m in
              map(STAMP.match, out.split("\n")) if m]
    back = [(a, b) for a, b in zip(stamps, stamps[1:]) if b < a]
    yield "timestamps never go back", not back, f"{back[:3]}"
    yield f"timestamps below {limit} s", bool(stamps) and \
        max(stamps) < limit, f"max {max(stamps) if stamps else None}"


def check_cpus(out, n):
    want = f"smp: Brought up 1 node, {n} CPU" + ("s" if n > 1 else "")
    yield f"{n} CPU(s) online", want in log_lines(out), \
        "; ".join(l for l in log_lines(out) if "smp" in l)


def check_status(status, want, how):
    yield f"QEMU ends with status {want} ({how})", status == want, \
        f"status {status}"


def has(out, line):
    return line in log_lines(out)


def pit_off(out, status):
    yield "the missing PIT is noticed", \
        has(out, "tsc: Unable to calibrate against PIT"), None
    yield "the HPET gives the rate", \
        has(out, "tsc: using HPET reference calibration"), None
    yield from check_tsc(out)
    yield from check_stamps(out)
    yield from check_cpus(out, 2)
    yield "powers down", has(out, "reboot: Power down"), None
    yield from check_status(status, 0, "ACPI power off")


def no_pit_no_hpet(out, status):
    yield "the missing PIT is noticed", \
        has(out, "tsc: Unable to calibrate against PIT"), None
    yield "the PM timer gives the rate", \
        has(out, "tsc: using PMTIMER reference calibration"), None
    yield from check_tsc(out)
    yield from check_stamps(out)
    yield from check_cpus(out, 2)
    yield from check_status(status, 0, "ACPI power off")


def no_reference(out, status):
    yield "no reference is said", \
        has(out, "tsc: No reference (HPET/PMTIMER) available"), None
    yield "the unknown rate is said", any(
        l.startswith("tsc: TSC rate unknown: timestamps assume")
        for l in log_lines(out)), None
    yield "no absurd rate is claimed", not any(
        DETECTED.match(l) for l in log_lines(out)), None
    yield from check_stamps(out)
    yield from check_cpus(out, 2)
    yield from check_status(status, 0, "ACPI sleep control register")


def microvm(out, status):
    yield from check_tsc(out)
    yield from check_stamps(out)
    yield from check_cpus(out, 2)
    yield "no failed ACPI power off", not any(
        "ACPI power off failed" in l for l in log_lines(out)), None
    yield from check_status(status, 0, "ACPI sleep control register")


def pc_acpi_off(out, status):
    yield "the MP table is found", \
        has(out, "Intel MultiProcessor Specification v1.4"), None
    yield "it lists both CPUs", has(out, "Processors: 2"), None
    yield from check_cpus(out, 2)
    yield "the way out is said", has(out, EXIT_VIA_DEVICE), None
    yield from check_status(status, 1, "isa-debug-exit")


def pc_acpi_off_one_socket(out, status):
    # SeaBIOS lists the first CPU of each socket only; Linux sees one too
    yield "the MP table is found", \
        has(out, "Intel MultiProcessor Specification v1.4"), None
    yield "it lists one CPU", has(out, "Processors: 1"), None
    yield from check_cpus(out, 1)
    yield "the way out is said", has(out, EXIT_VIA_DEVICE), None
    yield from check_status(status, 1, "isa-debug-exit")


def mptable_bad_entries(out, status):
    # entries appended by the test hook: messages name the MP table
    for m in ("smpboot: MP table LAPIC entry 2 (APIC ID 0x1, ACPI ID 0xff): "
              "duplicate APIC ID, ignored",
              "smpboot: MP table LAPIC entry 3 (APIC ID 0xff, ACPI ID 0xff): "
              "bad APIC ID, ignored"):
        yield f"logged: {m}", has(out, m), None
    yield from check_cpus(out, 2)
    yield from check_status(status, 1, "isa-debug-exit")


def isapc(out, status):
    yield "powers down", has(out, "reboot: Power down"), None
    yield "the way out is said", has(out, EXIT_VIA_DEVICE), None
    yield from check_status(status, 1, "isa-debug-exit")


POWEROFF = 'shell.run="poweroff"'

CASES = [
    Case("machines_pit_off_smp2", pit_off, machine="q35,pit=off", smp=2,
         append=POWEROFF, timeout=40),
    Case("machines_no_pit_no_hpet", no_pit_no_hpet,
         machine="q35,pit=off,hpet=off", smp=2, append=POWEROFF, timeout=40),
    # no PIT, HPET, PM timer or CPUID frequency: nothing to measure with
    Case("machines_microvm_no_pit", no_reference, machine="microvm,pit=off",
         smp=2, append=POWEROFF, debug_exit=True, timeout=40),
    # a run that reaches the debug-exit fallback would end with status 1
    Case("machines_microvm", microvm, machine="microvm", smp=2,
         append=POWEROFF, debug_exit=True, timeout=40),
    # SeaBIOS lists one CPU per package in the MP table: two sockets
    Case("machines_pc_acpi_off_smp2", pc_acpi_off, machine="pc,acpi=off",
         smp="2,sockets=2", append=POWEROFF, debug_exit=True, timeout=40),
    # the issue's own row: -smp 2 is two cores of one socket
    Case("machines_pc_acpi_off_smp2_one_socket", pc_acpi_off_one_socket,
         machine="pc,acpi=off", smp=2, append=POWEROFF, debug_exit=True,
         timeout=40),
    Case("machines_mptable_bad_entries", mptable_bad_entries,
         machine="pc,acpi=off", smp="2,sockets=2",
         append="smpboot.test_extra_lapic=1,0xff " + POWEROFF,
         debug_exit=True, timeout=40),
    Case("machines_isapc", isapc, machine="isapc", smp=1, append=POWEROFF,
         debug_exit=True, timeout=40),
]
