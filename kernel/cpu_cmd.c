// SPDX-License-Identifier: GPL-2.0
/*
 * The shell's "cpu" command: take CPUs offline and bring them back from
 * a boot without user space, as writing cpuN/online does.
 */
#include <linux/cpu.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/shell.h>
#include <linux/smp.h>
#include <linux/string.h>

static void cpu_cmd_show(void)
{
	unsigned int cpu;

	for (cpu = 0; cpu < num_possible_cpus(); cpu++)
		shell_printf("cpu%u: %s\n", cpu,
			     cpu_online(cpu) ? "online" : "offline");
}

static int cmd_cpu(int argc, char **argv)
{
	unsigned int cpu;
	bool on;
	int err;

	if (argc == 1) {
		cpu_cmd_show();
		return 0;
	}
	on = argc == 3 && !strcmp(argv[1], "online");
	if (argc != 3 || (!on && strcmp(argv[1], "offline")) ||
	    kstrtouint(argv[2], 10, &cpu)) {
		shell_printf("usage: cpu [online|offline N]\n");
		return 1;
	}
	err = on ? add_cpu(cpu) : remove_cpu(cpu);
	if (err) {
		shell_printf("cpu: %s %u: error %d\n", argv[1], cpu, err);
		return 1;
	}
	return 0;
}
SHELL_CMD(cpu, cmd_cpu, "[online|offline N]: list CPUs, or bring one up or down");
