// SPDX-License-Identifier: GPL-2.0
/*
 * The local APIC timer as the scheduler's tick: periodic mode, divide by
 * 16 (Linux's APIC_DIVISOR), on LOCAL_TIMER_VECTOR.  The boot CPU counts
 * how far the timer runs down in 10 ms of the TSC clock (tsc.c) and
 * every CPU uses that period; the local APICs of one machine share their
 * clock.  Registers: Intel SDM Vol. 3A, 11.5.4.
 */
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/printk.h>
#include <linux/tick.h>
#include <linux/time.h>
#include <asm/apic.h>
#include <asm/io.h>
#include <asm/special_insns.h>

#define APIC_LVTT		0x320
#define  APIC_LVT_MASKED	(1 << 16)
#define  APIC_LVT_TIMER_PERIODIC (1 << 17)
#define APIC_TMICT		0x380
#define APIC_TMCCT		0x390
#define APIC_TDCR		0x3e0
#define  APIC_TDR_DIV_16	0x3

#define CALIBRATE_NS		(10 * NSEC_PER_MSEC)

static u32 lapic_timer_period;	/* timer counts per tick */

static u32 timer_read(u32 reg)
{
	return readl(apic.lapic + reg);
}

static void timer_write(u32 reg, u32 v)
{
	writel(v, apic.lapic + reg);
}

static void local_timer_interrupt(unsigned int vector, void *data)
{
	tick_handle();
}

/* counts per tick, or 0 if the timer or the clock does not run */
static u32 lapic_calibrate(void)
{
	u64 t0, t1, counted;
	u32 left;

	timer_write(APIC_TDCR, APIC_TDR_DIV_16);
	timer_write(APIC_LVTT, APIC_LVT_MASKED | LOCAL_TIMER_VECTOR);
	timer_write(APIC_TMICT, 0xffffffff);
	t0 = local_clock();
	if (!t0)
		return 0;
	do {
		cpu_relax();
		t1 = local_clock();
	} while (t1 - t0 < CALIBRATE_NS);
	left = timer_read(APIC_TMCCT);
	timer_write(APIC_TMICT, 0);
	counted = 0xffffffffULL - left;
	return counted * (NSEC_PER_SEC / HZ) / (t1 - t0);
}

bool lapic_timer_setup(void)
{
	if (!apic_usable())
		return false;
	if (!lapic_timer_period) {
		lapic_timer_period = lapic_calibrate();
		if (!lapic_timer_period ||
		    request_irq_vector(LOCAL_TIMER_VECTOR,
				       local_timer_interrupt, NULL)) {
			pr_warn("APIC: timer does not run or its vector is taken\n");
			lapic_timer_period = 0;
			return false;
		}
		pr_info("APIC: timer %u counts per tick, HZ %d, vector %#x\n",
			lapic_timer_period, HZ, LOCAL_TIMER_VECTOR);
	}
	timer_write(APIC_TDCR, APIC_TDR_DIV_16);
	timer_write(APIC_LVTT, APIC_LVT_TIMER_PERIODIC | LOCAL_TIMER_VECTOR);
	timer_write(APIC_TMICT, lapic_timer_period);
	return true;
}

/* mask this CPU's timer: it was found not to tick (tick_init()) */
void lapic_timer_stop(void)
{
	if (!apic_usable())
		return;
	timer_write(APIC_LVTT, APIC_LVT_MASKED | LOCAL_TIMER_VECTOR);
	timer_write(APIC_TMICT, 0);
}
