// SPDX-License-Identifier: GPL-2.0
/*
 * The ACPI power-management timer as a reference for the TSC rate: a
 * free-running 24- or 32-bit counter at 3.579545 MHz (ACPI 6.5, 4.8.3.3)
 * at the I/O port the FADT names.  Hardware-reduced machines (microvm)
 * have none.  Only read, never programmed.
 */
#include <linux/acpi.h>
#include <linux/kernel.h>
#include <linux/time.h>
#include <asm/io.h>
#include <asm/special_insns.h>
#include <asm/tsc.h>

#define PMTMR_TICKS_PER_SEC	3579545ULL
/* 20 ms of counts: far below the 24-bit counter's 4.7 s wrap */
#define PMTMR_CAL_TICKS		(PMTMR_TICKS_PER_SEC / 50)
/* at 3.58 MHz a read that sees no tick a million times is no timer */
#define PMTMR_STUCK_READS	1000000

static unsigned long pmtmr_measure_once(u16 port, u32 mask)
{
	u32 first, prev, c, ticks = 0;
	unsigned int same = 0;
	u64 t0, t1;

	first = inl(port) & mask;
	t0 = rdtsc();
	prev = first;
	do {
		c = inl(port) & mask;
		t1 = rdtsc();
		if (c == prev) {
			if (++same > PMTMR_STUCK_READS)
				return 0;
			continue;
		}
		same = 0;
		/* modulo the width: one wrap at most in 20 ms */
		ticks += (c - prev) & mask;
		prev = c;
	} while (ticks < PMTMR_CAL_TICKS);
	return (t1 - t0) * PMTMR_TICKS_PER_SEC / ticks / 1000;
}

/**
 * acpi_pm_measure_tsc_khz() - the TSC rate measured against the PM timer
 *
 * The smallest of three measurements, as for the HPET: a delay between a
 * counter read and its TSC read only ever adds cycles.  Returns kHz, or 0
 * when the FADT names no timer or its counter does not move.
 */
unsigned long acpi_pm_measure_tsc_khz(void)
{
	unsigned long best = 0, khz;
	unsigned int bits;
	u16 port = acpi_pm_timer_port(&bits);
	u32 mask = bits == 32 ? 0xffffffffU : 0xffffffU;
	int i;

	if (!port)
		return 0;
	for (i = 0; i < 3; i++) {
		khz = pmtmr_measure_once(port, mask);
		if (!khz)
			return 0;
		if (!best || khz < best)
			best = khz;
	}
	return best;
}
