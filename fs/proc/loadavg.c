// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/loadavg in Linux's format, "0.12 0.05 0.01 1/23 456": the 1, 5
 * and 15 minute load averages (kernel/sched/loadavg.c) to two decimals,
 * runnable tasks / all processes, and the last pid handed out.
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/proc_fs.h>
#include <linux/sched/loadavg.h>
#include <linux/sched/stat.h>
#include <linux/sched/task.h>
#include <linux/vfile.h>

static int loadavg_proc_show(struct seq_file *m, void *private)
{
	unsigned long avnrun[3];

	/* + 1/200: round to the nearest hundredth, as Linux */
	get_avenrun(avnrun, FIXED_1 / 200, 0);
	seq_printf(m, "%lu.%02lu %lu.%02lu %lu.%02lu %u/%u %d\n",
		   LOAD_INT(avnrun[0]), LOAD_FRAC(avnrun[0]),
		   LOAD_INT(avnrun[1]), LOAD_FRAC(avnrun[1]),
		   LOAD_INT(avnrun[2]), LOAD_FRAC(avnrun[2]),
		   nr_running(), nr_processes_now(), pid_last_nr());
	return 0;
}

/**
 * proc_loadavg_init() - create /proc/loadavg
 */
void proc_loadavg_init(void)
{
	if (proc_create_single("loadavg", loadavg_proc_show, NULL))
		pr_err("proc: cannot create /proc/loadavg\n");
}
