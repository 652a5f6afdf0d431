/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where each CPU's time goes, for /proc/stat and /proc/uptime: the tick
 * (kernel/sched/cputime.c) charges one tick per CPU to user, system or
 * idle, as Linux's tick-based accounting does.  Linux's names.
 */
#ifndef _CACHET_LINUX_KERNEL_STAT_H
#define _CACHET_LINUX_KERNEL_STAT_H

#include <linux/types.h>

/* the columns of /proc/stat's cpu lines, in their order */
enum cpu_usage_stat {
	CPUTIME_USER,
	CPUTIME_NICE,
	CPUTIME_SYSTEM,
	CPUTIME_IDLE,
	CPUTIME_IOWAIT,
	CPUTIME_IRQ,
	CPUTIME_SOFTIRQ,
	CPUTIME_STEAL,
	CPUTIME_GUEST,
	CPUTIME_GUEST_NICE,
	NR_STATS,
};

/* in ticks of HZ */
struct kernel_cpustat {
	u64 cpustat[NR_STATS];
};

void account_cpustat_tick(bool user, bool idle);
void kcpustat_cpu_fetch(struct kernel_cpustat *dst, unsigned int cpu);
u64 kcpustat_idle_ns(void);

#endif /* _CACHET_LINUX_KERNEL_STAT_H */
