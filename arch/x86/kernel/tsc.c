// SPDX-License-Identifier: GPL-2.0
/*
 * The TSC as the kernel's clock.
 *
 * Its rate is measured at boot against the PIT (channel 2, 1.193182 MHz),
 * then, once ACPI tables and ioremap() work, against the HPET, whose rate
 * its capabilities register states.  A machine may have neither:
 * "-M q35,pit=off" has no PIT, "-M microvm" has no HPET and no PC speaker
 * port (0x61, where channel 2's gate and output live).  So each source is
 * checked before its answer is believed, in this order:
 *
 *  1. PIT channel 2, its counter read back by latch commands (not by the
 *     output bit on port 0x61, which reads as set on a machine without
 *     that port).  A counter that does not start below the loaded value,
 *     does not move, or moves backwards means no usable PIT: "Unable to
 *     calibrate against PIT".
 *  2. Without a PIT: CPUID leaf 0x15 (crystal ratio), then 0x16 (base
 *     frequency), when the CPU has them.
 *  3. The HPET, when ACPI lists one and its counter moves, else the ACPI
 *     PM timer, when the FADT names one and it moves.  It replaces the
 *     early value: the PIT's when the two agree within 10% (as Linux
 *     does), and also when they do not (Linux would keep the PIT's; here
 *     an emulated PIT is the likelier one to be wrong), with a warning.
 *
 * Until a rate is known the clock and the delays assume the fastest TSC
 * there is (TSC_KHZ_ASSUMED): timestamps then run slow and delays long,
 * never the other way round, so no timeout expires early.
 */
#define pr_fmt(fmt) "tsc: " fmt

#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/time.h>
#include <asm/io.h>
#include <asm/special_insns.h>
#include <asm/tsc.h>

#define PIT_TICK_RATE	1193182UL
#define PIT_CH2		0x42
#define PIT_MODE	0x43
#define  PIT_CH2_MODE0	0xb0	/* channel 2, lobyte/hibyte, mode 0 */
#define  PIT_CH2_LATCH	0x80	/* channel 2, counter latch command */
#define PIT_GATE	0x61	/* bit 0 gate of channel 2, bit 1 speaker */
#define CAL_MS		20
#define CAL_TICKS	((u16)(PIT_TICK_RATE * CAL_MS / 1000))
/* loaded into channel 2: counts down past CAL_TICKS without wrapping */
#define PIT_LOAD	0xf000
/* reads in a row with the same count: no tick in that long is no PIT */
#define PIT_STUCK_READS	100000

/* 10 GHz: no x86 TSC runs faster, so delays based on it are never short */
#define TSC_KHZ_ASSUMED	10000000UL

unsigned long tsc_khz;
static enum { TSC_REF_NONE, TSC_REF_PIT, TSC_REF_CPUID, TSC_REF_TIMER }
	tsc_ref;
/* local_clock() = ns_base + (rdtsc() - tsc_base) * tsc_mult >> 32 */
static u64 tsc_base, ns_base;
static u64 tsc_mult;		/* ns per cycle, 32.32 fixed point */

static u64 cycles_to_ns(u64 cycles)
{
	return (u64)(((unsigned __int128)cycles * tsc_mult) >> 32);
}

u64 local_clock(void)
{
	return ns_base + cycles_to_ns(rdtsc() - tsc_base);
}

/*
 * Start counting at @khz from now on, carrying the time so far over, so
 * the clock never steps back.  Runs before the other CPUs are started.
 */
static void tsc_set_rate(unsigned long khz)
{
	u64 now = rdtsc();

	ns_base += cycles_to_ns(now - tsc_base);
	tsc_base = now;
	tsc_mult = ((u64)NSEC_PER_MSEC << 32) / khz;
	tsc_khz = khz;
}

static unsigned long delay_khz(void)
{
	return tsc_khz ? tsc_khz : TSC_KHZ_ASSUMED;
}

static u16 pit_read_ch2(void)
{
	u8 lo, hi;

	outb(PIT_CH2_LATCH, PIT_MODE);
	lo = inb(PIT_CH2);
	hi = inb(PIT_CH2);
	return lo | (u16)hi << 8;
}

/*
 * One measurement: load channel 2 in mode 0 and count TSC cycles while
 * its counter goes down CAL_TICKS.  Returns cycles per CAL_TICKS, or 0
 * when the counter does not behave like a PIT's.
 */
static u64 pit_measure_tsc(void)
{
	unsigned long same = 0;
	u16 first, prev, c;
	u64 t0, t1;

	/* gate on, speaker off; a machine without port 0x61 ignores this */
	outb((inb(PIT_GATE) & ~0x02) | 0x01, PIT_GATE);
	outb(PIT_CH2_MODE0, PIT_MODE);
	outb(PIT_LOAD & 0xff, PIT_CH2);
	outb(PIT_LOAD >> 8, PIT_CH2);
	/*
	 * The count is loaded on the next input clock (0.84 us); until then
	 * the old one reads back.  A count that never comes down to the
	 * loaded value is no PIT: with no device at all every read is 0xffff.
	 */
	do {
		first = pit_read_ch2();
		t0 = rdtsc();
	} while (first > PIT_LOAD && ++same < PIT_STUCK_READS);
	if (first > PIT_LOAD || first < CAL_TICKS)
		return 0;
	same = 0;
	prev = first;
	do {
		c = pit_read_ch2();
		t1 = rdtsc();
		if (c > prev)
			return 0;	/* wrapped or garbage: not mode 0 */
		if (c == prev && ++same > PIT_STUCK_READS)
			return 0;
		if (c != prev)
			same = 0;
		prev = c;
	} while (first - c < CAL_TICKS);
	return (t1 - t0) * CAL_TICKS / (first - c);
}

/*
 * The smallest of three measurements: one can only be stretched (the
 * emulator or the host descheduled us), never shortened.
 */
static unsigned long pit_calibrate_tsc(void)
{
	u64 best = ~0ULL, d;
	int i;

	for (i = 0; i < 3; i++) {
		d = pit_measure_tsc();
		if (!d)
			return 0;
		if (d < best)
			best = d;
	}
	return best / CAL_MS;
}

/* Intel SDM Vol. 2A, CPUID leaves 0x15 and 0x16 */
static unsigned long cpuid_tsc_khz(void)
{
	u32 max, den, num, crystal_hz, mhz, unused;

	cpuid(0, &max, &unused, &unused, &unused);
	if (max >= 0x15) {
		cpuid(0x15, &den, &num, &crystal_hz, &unused);
		if (den && num && crystal_hz)
			return (u64)crystal_hz * num / den / 1000;
	}
	if (max >= 0x16) {
		cpuid(0x16, &mhz, &unused, &unused, &unused);
		if (mhz & 0xffff)
			return (mhz & 0xffff) * 1000UL;
	}
	return 0;
}

static void print_detected(void)
{
	pr_info("Detected %lu.%03lu MHz processor\n", tsc_khz / 1000,
		tsc_khz % 1000);
}

/**
 * tsc_init() - measure the TSC rate against the PIT and start the clock
 *
 * Without a PIT, takes the rate CPUID states, if any; otherwise the rate
 * stays unknown until tsc_calibrate_ref() (HPET or PM timer) gives one.
 */
void tsc_init(void)
{
	unsigned long khz;

	tsc_base = rdtsc();
	tsc_set_rate(TSC_KHZ_ASSUMED);
	tsc_khz = 0;
	khz = pit_calibrate_tsc();
	if (khz) {
		tsc_ref = TSC_REF_PIT;
	} else {
		pr_warn("Unable to calibrate against PIT\n");
		khz = cpuid_tsc_khz();
		if (!khz) {
			pr_info("no CPUID frequency either: rate unknown until the HPET or PM timer is found\n");
			return;
		}
		pr_info("using the frequency CPUID states\n");
		tsc_ref = TSC_REF_CPUID;
	}
	tsc_set_rate(khz);
	print_detected();
}

/* Linux's window for "matches": within 10% either way */
static bool tsc_ref_matches(unsigned long a, unsigned long b)
{
	u64 pct = (u64)a * 100 / b;

	return pct >= 90 && pct <= 110;
}

/**
 * tsc_calibrate_ref() - take the TSC rate a reference timer measures
 * @hpet_khz: TSC rate measured against the HPET; 0 when there is no
 *            usable HPET, and then the ACPI PM timer is tried
 *
 * Called once, before the other CPUs start.  Prints which rate is used
 * and why; with no rate at all, says so and keeps the assumed one.
 */
void tsc_calibrate_ref(unsigned long hpet_khz)
{
	const char *ref = hpet_khz ? "HPET" : "PMTIMER";
	unsigned long ref_khz = hpet_khz ? hpet_khz : acpi_pm_measure_tsc_khz();

	if (!ref_khz) {
		if (tsc_ref == TSC_REF_PIT) {
			pr_info("Using PIT calibration value\n");
		} else if (tsc_ref == TSC_REF_NONE) {
			pr_notice("No reference (HPET/PMTIMER) available\n");
			pr_warn("TSC rate unknown: timestamps assume %lu MHz and run slow, delays run long\n",
				TSC_KHZ_ASSUMED / 1000);
		}
		return;
	}
	if (tsc_ref == TSC_REF_PIT && tsc_ref_matches(tsc_khz, ref_khz)) {
		pr_info("PIT calibration matches %s. 1 loops\n", ref);
		tsc_set_rate(ref_khz);
		pr_info("Refined TSC clocksource calibration: %lu.%03lu MHz\n",
			tsc_khz / 1000, tsc_khz % 1000);
		tsc_ref = TSC_REF_TIMER;
		return;
	}
	if (tsc_ref == TSC_REF_PIT)
		pr_warn("PIT calibration deviates from %s: %lu %lu\n", ref,
			tsc_khz, ref_khz);
	pr_info("using %s reference calibration\n", ref);
	tsc_set_rate(ref_khz);
	tsc_ref = TSC_REF_TIMER;
	print_detected();
}

void udelay(unsigned long usecs)
{
	u64 end = rdtsc() + (u64)usecs * delay_khz() / 1000;

	while (rdtsc() < end)
		cpu_relax();
}

void mdelay(unsigned long msecs)
{
	while (msecs--)
		udelay(1000);
}

static u64 tsc_suspend_ns;

/**
 * save_sched_clock_state() - remember the clock before suspend to RAM
 *
 * Only the boot CPU is online and interrupts are off.
 */
void save_sched_clock_state(void)
{
	tsc_suspend_ns = local_clock();
}

/**
 * restore_sched_clock_state() - carry the clock on after suspend to RAM
 *
 * The firmware's reset may have set the TSC back to 0, which would make
 * rdtsc() - tsc_base wrap.  The clock goes on from the value saved: time
 * asleep is not counted, as Linux's sched_clock() does not count it.
 */
void restore_sched_clock_state(void)
{
	tsc_base = rdtsc();
	ns_base = tsc_suspend_ns;
}
