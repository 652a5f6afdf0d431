// SPDX-License-Identifier: GPL-2.0
/*
 * The TSC as the kernel's clock.  Its rate is measured once against the
 * PIT (channel 2, 1.193182 MHz), which QEMU emulates from its own clock
 * source, so timestamps are right in guest time even under TCG.
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/time.h>
#include <asm/io.h>
#include <asm/special_insns.h>
#include <asm/tsc.h>

#define PIT_TICK_RATE	1193182UL
#define PIT_CH2		0x42
#define PIT_MODE	0x43
#define PIT_GATE	0x61
#define CAL_MS		20

unsigned long tsc_khz;
static u64 tsc_base;
static u64 tsc_mult;		/* ns per cycle, 32.32 fixed point */

u64 local_clock(void)
{
	u64 cycles;

	if (!tsc_mult)
		return 0;
	cycles = rdtsc() - tsc_base;
	return (u64)(((unsigned __int128)cycles * tsc_mult) >> 32);
}

/* one PIT channel-2 one-shot of CAL_MS, counted in TSC cycles */
static u64 pit_measure_tsc(void)
{
	u32 latch = PIT_TICK_RATE / (1000 / CAL_MS);
	unsigned long spins = 0;
	u64 t0, t1;

	outb((inb(PIT_GATE) & ~0x02) | 0x01, PIT_GATE);
	outb(0xb0, PIT_MODE);	/* channel 2, lobyte/hibyte, mode 0 */
	outb(latch & 0xff, PIT_CH2);
	outb(latch >> 8, PIT_CH2);
	t0 = rdtsc();
	while (!(inb(PIT_GATE) & 0x20) && ++spins < 100000000UL)
		;
	t1 = rdtsc();
	return t1 - t0;
}

/**
 * tsc_init() - measure the TSC rate and start the clock
 *
 * Takes the smallest of three measurements: a measurement can only be
 * stretched (the emulator or host descheduled us), never shortened.
 */
void tsc_init(void)
{
	u64 best = ~0ULL, d;
	int i;

	tsc_base = rdtsc();
	for (i = 0; i < 3; i++) {
		d = pit_measure_tsc();
		if (d < best)
			best = d;
	}
	tsc_khz = best / CAL_MS;
	if (!tsc_khz)
		tsc_khz = 1000000;	/* no PIT: assume 1 GHz */
	tsc_mult = ((u64)NSEC_PER_MSEC << 32) / tsc_khz;
	pr_info("tsc: Detected %lu.%03lu MHz processor\n", tsc_khz / 1000,
		tsc_khz % 1000);
}

void udelay(unsigned long usecs)
{
	u64 end = rdtsc() + (u64)usecs * tsc_khz / 1000;

	while (rdtsc() < end)
		cpu_relax();
}

void mdelay(unsigned long msecs)
{
	while (msecs--)
		udelay(1000);
}
