// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/uptime: seconds since boot and seconds the CPUs spent idle (all
 * CPUs summed, from the tick's accounting: kernel/sched/cputime.c), each
 * with two decimals, as Linux prints them.
 */
#include <linux/kernel.h>
#include <linux/kernel_stat.h>
#include <linux/printk.h>
#include <linux/proc_fs.h>
#include <linux/time.h>
#include <linux/timekeeping.h>
#include <linux/vfile.h>

static int uptime_proc_show(struct seq_file *m, void *private)
{
	/* boot time, as Linux: the time suspended to RAM counts */
	unsigned long long cs = ktime_get_boottime_ns() / (NSEC_PER_SEC / 100);
	unsigned long long idle = kcpustat_idle_ns() / (NSEC_PER_SEC / 100);

	seq_printf(m, "%llu.%02llu %llu.%02llu\n", cs / 100, cs % 100,
		   idle / 100, idle % 100);
	return 0;
}

/**
 * proc_uptime_init() - create /proc/uptime
 */
void proc_uptime_init(void)
{
	if (proc_create_single("uptime", uptime_proc_show, NULL))
		pr_err("proc: cannot create /proc/uptime\n");
}
