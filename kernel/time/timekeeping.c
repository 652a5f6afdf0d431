// SPDX-License-Identifier: GPL-2.0
/*
 * The wall clock: an offset from monotonic time, set from the RTC at boot
 * and stepped by settimeofday().  Monotonic and boot time are the TSC
 * clock (local_clock()): cachet never suspends, so they are equal.
 */
#include <linux/spinlock.h>
#include <linux/time.h>
#include <linux/timekeeping.h>

static DEFINE_SPINLOCK(wall_lock);
static u64 wall_offset_ns;	/* the wall clock minus monotonic time */

u64 ktime_get_ns(void)
{
	return local_clock();
}

u64 ktime_get_boottime_ns(void)
{
	return local_clock();
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
