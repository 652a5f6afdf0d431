// SPDX-License-Identifier: GPL-2.0
/*
 * The wall clock: an offset from monotonic time, set from the RTC at boot
 * and stepped by settimeofday().  Monotonic time is the TSC clock
 * (local_clock()), which stands still across a suspend to RAM (its value
 * is carried over: arch/x86/kernel/tsc.c); boot time is monotonic time
 * plus the time spent suspended, which timekeeping_resume() measures on
 * the RTC and adds to it and to the wall clock, as Linux does.
 */
#include <linux/spinlock.h>
#include <linux/time.h>
#include <linux/timekeeping.h>

static DEFINE_SPINLOCK(wall_lock);
static u64 wall_offset_ns;	/* the wall clock minus monotonic time */
static u64 sleep_ns;		/* boot time minus monotonic time */
static u64 suspend_rtc, suspend_mono;

u64 ktime_get_ns(void)
{
	return local_clock();
}

u64 ktime_get_boottime_ns(void)
{
	return local_clock() + __atomic_load_n(&sleep_ns, __ATOMIC_RELAXED);
}

u64 ktime_get_real_ns(void)
{
	return local_clock() + __atomic_load_n(&wall_offset_ns, __ATOMIC_RELAXED);
}

void timekeeping_set_real_ns(u64 ns)
{
	unsigned long flags;

	spin_lock_irqsave(&wall_lock, flags);
	__atomic_store_n(&wall_offset_ns, ns - local_clock(), __ATOMIC_RELAXED);
	spin_unlock_irqrestore(&wall_lock, flags);
}

void timekeeping_init(u64 boot_seconds)
{
	timekeeping_set_real_ns(boot_seconds * NSEC_PER_SEC);
}

/**
 * timekeeping_suspend() - note the RTC before a suspend to RAM
 *
 * The boot CPU alone, interrupts off, before the TSC clock is saved.
 */
void timekeeping_suspend(void)
{
	suspend_rtc = rtc_cmos_read_seconds();
	suspend_mono = local_clock();
}

/**
 * timekeeping_resume() - count the time asleep, measured on the RTC
 *
 * After the TSC clock is restored: the RTC seconds that passed, less
 * the monotonic time that did (the code around the sleep), go into boot
 * time and the wall clock.  To the RTC's second, as Linux with the CMOS
 * clock as its persistent clock.  Nothing without an RTC.
 */
void timekeeping_resume(void)
{
	u64 rtc = rtc_cmos_read_seconds(), ran, slept;
	unsigned long flags;

	if (!suspend_rtc || rtc <= suspend_rtc)
		return;
	slept = (rtc - suspend_rtc) * NSEC_PER_SEC;
	ran = local_clock() - suspend_mono;
	if (slept <= ran)
		return;
	slept -= ran;
	spin_lock_irqsave(&wall_lock, flags);
	__atomic_store_n(&wall_offset_ns, wall_offset_ns + slept,
			 __ATOMIC_RELAXED);
	__atomic_store_n(&sleep_ns, sleep_ns + slept, __ATOMIC_RELAXED);
	spin_unlock_irqrestore(&wall_lock, flags);
}

/* days from 1970-01-01 to @year-@mon-@day: the proleptic Gregorian rule */
static u64 days_since_epoch(unsigned int year, unsigned int mon,
			    unsigned int day)
{
	/* count years from March, so February's leap day ends a year */
	unsigned int y = mon <= 2 ? year - 1 : year;
	unsigned int m = mon <= 2 ? mon + 9 : mon - 3;
	u64 days = (u64)y * 365 + y / 4 - y / 100 + y / 400 +
		   (153 * m + 2) / 5 + day - 1;

	return days - 719468;	/* the same count for 1970-01-01 */
}

u64 mktime64(unsigned int year, unsigned int mon, unsigned int day,
	     unsigned int hour, unsigned int min, unsigned int sec)
{
	return ((days_since_epoch(year, mon, day) * 24 + hour) * 60 + min) * 60 +
	       sec;
}
