// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/devices/system/cpu/{online,offline,possible,present,kernel_max}:
 * the CPU masks in Linux's list format ("0-3", "0,2-3"), which nproc,
 * glibc's get_nprocs() and sched_getaffinity() users read.  Possible and
 * present are the CPUs the MADT allows (num_possible_cpus()), offline the
 * possible ones not online; kernel_max is NR_CPUS - 1, as in Linux.
 *
 * /sys/devices/system/cpu/cpuN/online, N > 0, as Linux's (mode 0644):
 * reads "1" or "0"; writing a boolean as kstrtobool() reads it ("1",
 * "0", "y", "n", "on", "off"...) takes the CPU offline or brings it
 * back (remove_cpu(), add_cpu()), and anything else is -EINVAL and
 * changes nothing.  CPU 0 has none: it cannot go offline, as on Linux
 * x86 without CONFIG_BOOTPARAM_HOTPLUG_CPU0.
 */
#include <linux/cpu.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/string.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <linux/vfile.h>
#include <asm/page.h>

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

static u64 possible_mask(void)
{
	unsigned int n = num_possible_cpus();

	return n >= 64 ? ~0ULL : (1ULL << n) - 1;
}

static int cpu_possible_show(struct seq_file *m, void *private)
{
	seq_cpulist(m, possible_mask());
	return 0;
}

static int cpu_offline_show(struct seq_file *m, void *private)
{
	seq_cpulist(m, possible_mask() &
		    ~__atomic_load_n(&cpu_online_mask, __ATOMIC_ACQUIRE));
	return 0;
}

/* the CPU number is the file's private pointer, so it needs no storage */
static unsigned int file_cpu(void *private)
{
	return (unsigned int)(unsigned long)private;
}

static ssize_t cpu_online_read(void *private, char *buf, loff_t pos,
			       size_t count)
{
	char s[2] = { cpu_online(file_cpu(private)) ? '1' : '0', '\n' };

	if (pos >= (loff_t)sizeof(s))
		return 0;
	count = min_t(size_t, count, sizeof(s) - pos);
	memcpy(buf, s + pos, count);
	return count;
}

/**
 * cpu_online_store() - a write to cpuN/online, as Linux's online_store()
 * @cpu: N
 * @buf: what was written, @count bytes, not NUL-terminated
 * @count: its length
 *
 * Returns @count, -EINVAL for anything kstrtobool() refuses (nothing
 * changes), or remove_cpu()'s or add_cpu()'s error.
 */
ssize_t cpu_online_store(unsigned int cpu, const char *buf, size_t count)
{
	char s[4] = "";
	bool on;
	int err;

	memcpy(s, buf, min(count, sizeof(s) - 1));
	if (kstrtobool(s, &on))
		return -EINVAL;
	err = on ? add_cpu(cpu) : remove_cpu(cpu);
	return err < 0 ? err : (ssize_t)count;
}

static ssize_t cpu_online_write(void *private, const char *buf, loff_t pos,
				size_t count)
{
	return cpu_online_store(file_cpu(private), buf, count);
}

static const struct vfile_bin cpu_online_file = {
	.mode = 0644,
	.read = cpu_online_read,
	.write = cpu_online_write,
};

/**
 * cpu_online_sysfs_init() - create cpuN/online for each CPU but CPU 0
 *
 * After smp_init(), which knows the possible CPUs.
 */
void cpu_online_sysfs_init(void)
{
	char path[48];
	unsigned int cpu;

	for (cpu = 1; cpu < num_possible_cpus(); cpu++) {
		snprintf(path, sizeof(path), "devices/system/cpu/cpu%u/online",
			 cpu);
		/* a text attribute's size, as sysfs reports it */
		if (sysfs_create_bin_file(path, &cpu_online_file, PAGE_SIZE,
					  (void *)(unsigned long)cpu))
			pr_err("cpu: cannot create /sys/%s\n", path);
	}
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
	    sysfs_create_single("devices/system/cpu/offline",
				cpu_offline_show, NULL) ||
	    sysfs_create_single("devices/system/cpu/possible",
				cpu_possible_show, NULL) ||
	    sysfs_create_single("devices/system/cpu/present",
				cpu_possible_show, NULL) ||
	    sysfs_create_single("devices/system/cpu/kernel_max",
				cpu_kernel_max_show, NULL))
		pr_err("cpu: cannot create /sys/devices/system/cpu\n");
}
