// SPDX-License-Identifier: GPL-2.0
/*
 * Counts over every run queue, for /proc/stat, /proc/loadavg and the
 * load averages.  Each is a sum of word reads without the run-queue
 * locks: a figure of a moment, as Linux's are.
 */
#include <linux/sched/stat.h>
#include <linux/smp.h>
#include "sched.h"

/**
 * nr_running() - tasks running or runnable on every CPU, idle tasks not
 */
unsigned int nr_running(void)
{
	unsigned int cpu, n = 0;

	for_each_online_cpu(cpu) {
		struct rq *rq = cpu_rq(cpu);

		n += __atomic_load_n(&rq->nr_queued, __ATOMIC_RELAXED);
		n += READ_ONCE(rq->curr) != rq->idle;
	}
	return n;
}

/**
 * nr_context_switches() - task switches since boot, every CPU's
 */
unsigned long long nr_context_switches(void)
{
	unsigned long long n = 0;
	unsigned int cpu;

	for_each_online_cpu(cpu)
		n += READ_ONCE(cpu_rq(cpu)->nr_switches);
	return n;
}
