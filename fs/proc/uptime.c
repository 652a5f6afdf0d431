// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/uptime: seconds since boot and seconds the CPUs spent idle, each
 * with two decimals, as Linux prints them.  cachet does not account idle
 * time yet, so the second figure is 0.00 (Documentation/filesystems/
 * proc.rst).
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/proc_fs.h>
#include <linux/time.h>
#include <linux/vfile.h>

static int uptime_proc_show(struct seq_file *m, void *private)
{
	unsigned long long cs = local_clock() / (NSEC_PER_SEC / 100);

	seq_printf(m, "%llu.%02llu 0.00\n", cs / 100, cs % 100);
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
