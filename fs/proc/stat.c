// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/stat in Linux 6.1's format: the CPU time lines (all CPUs, then
 * each online one) in USER_HZ ticks, interrupts, context switches, boot
 * time, forks, running and blocked tasks, softirqs.  The CPU times are
 * the tick's (kernel/sched/cputime.c): user, system and idle, the other
 * columns 0.  Differences from Linux (Documentation/filesystems/
 * proc.rst): "intr" counts per interrupt vector 32-255, not per Linux
 * IRQ number; there are no softirqs and no iowait (procs_blocked 0).
 */
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/kernel_stat.h>
#include <linux/printk.h>
#include <linux/proc_fs.h>
#include <linux/sched/stat.h>
#include <linux/smp.h>
#include <linux/time.h>
#include <linux/timekeeping.h>
#include <linux/vfile.h>

#define PROC_USER_HZ	100	/* Linux's clock_t ticks */
#define NR_SOFTIRQS	10	/* the columns Linux 6.1 prints */

/* Linux's jiffies_64_to_clock_t() for HZ a multiple of USER_HZ or not */
static unsigned long long ticks_to_clock_t(u64 ticks)
{
	return ticks * PROC_USER_HZ / HZ;
}

static void stat_cpu_line(struct seq_file *m, const char *name,
			  const struct kernel_cpustat *k)
{
	int i;

	seq_puts(m, name);
	for (i = 0; i < NR_STATS; i++)
		seq_printf(m, " %llu", ticks_to_clock_t(k->cpustat[i]));
	seq_putc(m, '\n');
}

static void stat_cpus(struct seq_file *m)
{
	struct kernel_cpustat sum = { 0 }, k;
	unsigned int cpu;
	char name[16];
	int i;

	for_each_online_cpu(cpu) {
		kcpustat_cpu_fetch(&k, cpu);
		for (i = 0; i < NR_STATS; i++)
			sum.cpustat[i] += k.cpustat[i];
	}
	/* "cpu " then " %llu" per column: two spaces, as Linux */
	stat_cpu_line(m, "cpu ", &sum);
	for_each_online_cpu(cpu) {
		kcpustat_cpu_fetch(&k, cpu);
		snprintf(name, sizeof(name), "cpu%u", cpu);
		stat_cpu_line(m, name, &k);
	}
}

static void stat_intr(struct seq_file *m)
{
	unsigned long long total = 0;
	unsigned int v;

	for (v = FIRST_EXTERNAL_VECTOR; v < NR_VECTORS; v++)
		total += READ_ONCE(irq_count[v]);
	seq_printf(m, "intr %llu", total);
	for (v = FIRST_EXTERNAL_VECTOR; v < NR_VECTORS; v++)
		seq_printf(m, " %lu", READ_ONCE(irq_count[v]));
	seq_putc(m, '\n');
}

static int stat_proc_show(struct seq_file *m, void *private)
{
	u64 btime = (ktime_get_real_ns() - ktime_get_boottime_ns()) /
		    NSEC_PER_SEC;
	int i;

	stat_cpus(m);
	stat_intr(m);
	seq_printf(m, "ctxt %llu\nbtime %llu\nprocesses %lu\n",
		   nr_context_switches(), (unsigned long long)btime,
		   nr_forks_total());
	seq_printf(m, "procs_running %u\nprocs_blocked %u\n", nr_running(), 0U);
	seq_puts(m, "softirq 0");
	for (i = 0; i < NR_SOFTIRQS; i++)
		seq_puts(m, " 0");
	seq_putc(m, '\n');
	return 0;
}

/**
 * proc_stat_init() - create /proc/stat
 */
void proc_stat_init(void)
{
	if (proc_create_single("stat", stat_proc_show, NULL))
		pr_err("proc: cannot create /proc/stat\n");
}
