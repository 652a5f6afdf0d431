/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jiffies: ticks since the scheduler's tick started, advanced by one CPU
 * (tick_do_timer_cpu) at every tick, HZ per second.  Without a tick
 * (no local APIC) the idle loop advances it from the TSC clock instead.
 */
#ifndef _CACHET_LINUX_JIFFIES_H
#define _CACHET_LINUX_JIFFIES_H

#include <linux/types.h>

#ifndef CONFIG_HZ
#define CONFIG_HZ	250
#endif
#define HZ		CONFIG_HZ

extern u64 jiffies;

static inline u64 get_jiffies_64(void)
{
	return __atomic_load_n(&jiffies, __ATOMIC_RELAXED);
}

/* rounded up, as Linux's: msleep(1) sleeps at least one full tick */
static inline unsigned long msecs_to_jiffies(unsigned int m)
{
	return ((unsigned long)m * HZ + 999) / 1000;
}

static inline unsigned int jiffies_to_msecs(u64 j)
{
	return j * 1000 / HZ;
}

#define time_after64(a, b)	((s64)((b) - (a)) < 0)
#define time_before64(a, b)	time_after64(b, a)
#define time_after_eq64(a, b)	((s64)((a) - (b)) >= 0)

#endif /* _CACHET_LINUX_JIFFIES_H */
