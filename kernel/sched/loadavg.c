// SPDX-License-Identifier: GPL-2.0
/*
 * The 1, 5 and 15 minute load averages of /proc/loadavg and sysinfo().
 * The boot CPU's tick samples nr_running() every LOAD_FREQ and folds it
 * in with calc_load(); only that CPU writes avenrun, readers load each
 * word on its own, as Linux's do.
 *
 * Difference from Linux: tasks in uninterruptible sleep are not counted
 * (cachet keeps no count of them); only running and runnable ones are.
 */
#include <linux/jiffies.h>
#include <linux/sched/loadavg.h>
#include <linux/sched/stat.h>

#define LOAD_FREQ	(LOAD_FREQ_SEC * HZ + 1)	/* Linux's: 5 s + 1 tick */

static unsigned long avenrun[3];
static u64 calc_load_next = LOAD_FREQ;

/**
 * calc_global_load() - fold in a sample when LOAD_FREQ has passed
 *
 * From the tick of the CPU that advances jiffies, after it did.
 */
void calc_global_load(void)
{
	static const unsigned long exps[3] = { EXP_1, EXP_5, EXP_15 };
	unsigned long active;
	int i;

	if (time_before64(get_jiffies_64(), calc_load_next))
		return;
	calc_load_next += LOAD_FREQ;
	active = (unsigned long)nr_running() << FSHIFT;
	for (i = 0; i < 3; i++)
		__atomic_store_n(&avenrun[i], calc_load(avenrun[i], exps[i], active),
				 __ATOMIC_RELAXED);
}

/**
 * get_avenrun() - the three averages
 * @loads: receives them
 * @offset: added first (FIXED_1 / 200 rounds to two decimals)
 * @shift: then shifted left by this many bits (sysinfo()'s 16-bit point)
 */
void get_avenrun(unsigned long *loads, unsigned long offset, int shift)
{
	int i;

	for (i = 0; i < 3; i++)
		loads[i] = (__atomic_load_n(&avenrun[i], __ATOMIC_RELAXED) +
			    offset) << shift;
}
