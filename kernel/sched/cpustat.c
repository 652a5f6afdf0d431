// SPDX-License-Identifier: GPL-2.0
/*
 * Tick-based CPU time: each tick charges its CPU's whole tick to user
 * time (it interrupted user mode), idle time (the idle task ran) or
 * system time (kernel code of a task), as Linux's tick accounting does.
 * Each CPU writes only its own counters, from its tick; readers load
 * each word on its own.  Per-task CPU time is kernel/sched/cputime.c's.
 */
#include <linux/jiffies.h>
#include <linux/kernel_stat.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/time.h>

static struct kernel_cpustat kcpustat[NR_CPUS];

/**
 * account_cpustat_tick() - charge this CPU's tick to /proc/stat
 * @user: the tick interrupted user mode
 * @idle: the CPU was running its idle task
 */
void account_cpustat_tick(bool user, bool idle)
{
	u64 *stat = kcpustat[smp_processor_id()].cpustat;
	int which = idle ? CPUTIME_IDLE : user ? CPUTIME_USER : CPUTIME_SYSTEM;

	__atomic_fetch_add(&stat[which], 1, __ATOMIC_RELAXED);
}

/**
 * kcpustat_cpu_fetch() - a copy of @cpu's counters, in ticks
 * @dst: receives them
 * @cpu: the CPU; zeroes for one out of range
 */
void kcpustat_cpu_fetch(struct kernel_cpustat *dst, unsigned int cpu)
{
	int i;

	memset(dst, 0, sizeof(*dst));
	if (cpu >= NR_CPUS)
		return;
	for (i = 0; i < NR_STATS; i++)
		dst->cpustat[i] = __atomic_load_n(&kcpustat[cpu].cpustat[i],
						  __ATOMIC_RELAXED);
}

/**
 * kcpustat_idle_ns() - every CPU's idle time summed, in nanoseconds
 */
u64 kcpustat_idle_ns(void)
{
	struct kernel_cpustat k;
	unsigned int cpu;
	u64 ticks = 0;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		kcpustat_cpu_fetch(&k, cpu);
		ticks += k.cpustat[CPUTIME_IDLE];
	}
	return ticks * (NSEC_PER_SEC / HZ);
}
