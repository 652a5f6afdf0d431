// SPDX-License-Identifier: GPL-2.0
/*
 * One step of a load average, pure so the host tests run it
 * (tools/testing/unit/test_loadavg.c).
 */
#include <linux/sched/loadavg.h>

/**
 * calc_load() - decay @load one LOAD_FREQ step towards @active
 * @load: the average so far, fixed point
 * @exp: EXP_1, EXP_5 or EXP_15: the weight @load keeps
 * @active: runnable tasks now, fixed point (n << FSHIFT)
 *
 * load' = load * e + active * (1 - e).  Truncation alone would keep a
 * rising average a fraction short of a steady load for ever, so on the
 * way up the result is rounded up, as Linux's is.
 */
unsigned long calc_load(unsigned long load, unsigned long exp,
			unsigned long active)
{
	unsigned long sum = load * exp + active * (FIXED_1 - exp);

	if (active >= load)
		sum += FIXED_1 - 1;
	return sum / FIXED_1;
}
