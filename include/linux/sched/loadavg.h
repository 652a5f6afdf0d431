/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Load averages: the number of runnable tasks, sampled every LOAD_FREQ
 * and decayed exponentially over 1, 5 and 15 minutes, in fixed point
 * with FSHIFT fraction bits (Linux's constants and names).
 * calc_load() is pure (kernel/sched/loadavg_calc.c, host-tested);
 * kernel/sched/loadavg.c keeps the averages.
 */
#ifndef _CACHET_LINUX_SCHED_LOADAVG_H
#define _CACHET_LINUX_SCHED_LOADAVG_H

#define FSHIFT		11		/* bits of fraction */
#define FIXED_1		(1UL << FSHIFT)	/* 1.0 */
#define LOAD_FREQ_SEC	5		/* a sample every 5 s ... */
/* ... and exp(-5 s / n min) for n = 1, 5, 15, in fixed point */
#define EXP_1		1884
#define EXP_5		2014
#define EXP_15		2037

/* the integer and the two-digit fraction of a fixed-point value */
#define LOAD_INT(x)	((x) >> FSHIFT)
#define LOAD_FRAC(x)	LOAD_INT(((x) & (FIXED_1 - 1)) * 100)

unsigned long calc_load(unsigned long load, unsigned long exp,
			unsigned long active);

void calc_global_load(void);
void get_avenrun(unsigned long *loads, unsigned long offset, int shift);

#endif /* _CACHET_LINUX_SCHED_LOADAVG_H */
