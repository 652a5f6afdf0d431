// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/devices/system/cpu/{online,possible,present,kernel_max}: the CPU
 * masks in Linux's list format ("0-3", "0,2-3"), which nproc, glibc's
 * get_nprocs() and sched_getaffinity() users read.  cachet has no CPU
 * hotplug, so possible and present are the CPUs the MADT allows
 * (num_possible_cpus()); kernel_max is NR_CPUS - 1, as in Linux.
 */
#include <linux/cpu.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <linux/vfile.h>

/* @mask as Linux's "%*pbl": comma-separated ranges, then a newline */
static void seq_cpulist(struct seq_file *m, u64 mask)
{
	unsigned int cpu = 0, end;
	bool first = true;

	while (cpu < 64) {
		if (!(mask >> cpu & 1)) {
			cpu++;
			continue;
		}
		for (end = cpu; end + 1 < 64 && (mask >> (end + 1) & 1); end++)
			;
		seq_printf(m, first ? "%u" : ",%u", cpu);
		if (end > cpu)
			seq_printf(m, "-%u", end);
		first = false;
		cpu = end + 1;
	}
	seq_putc(m, '\n');
}

static int cpu_online_show(struct seq_file *m, void *private)
{
	seq_cpulist(m, __atomic_load_n(&cpu_online_mask, __ATOMIC_ACQUIRE));
	return 0;
}

static int cpu_possible_show(struct seq_file *m, void *private)
{
	unsigned int n = num_possible_cpus();

	seq_cpulist(m, n >= 64 ? ~0ULL : (1ULL << n) - 1);
	return 0;
}

static int cpu_kernel_max_show(struct seq_file *m, void *private)
{
	seq_printf(m, "%d\n", NR_CPUS - 1);
	return 0;
}

/**
 * cpu_sysfs_init() - create /sys/devices/system/cpu's mask files
 */
void cpu_sysfs_init(void)
{
	if (sysfs_create_single("devices/system/cpu/online",
				cpu_online_show, NULL) ||
	    sysfs_create_single("devices/system/cpu/possible",
				cpu_possible_show, NULL) ||
	    sysfs_create_single("devices/system/cpu/present",
				cpu_possible_show, NULL) ||
	    sysfs_create_single("devices/system/cpu/kernel_max",
				cpu_kernel_max_show, NULL))
		pr_err("cpu: cannot create /sys/devices/system/cpu\n");
}
