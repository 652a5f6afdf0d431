/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CPU hotplug (kernel/cpu.c) and the CPUs in sysfs (drivers/base/cpu.c).
 * The rules are in Documentation/core-api/cpu_hotplug.rst.
 */
#ifndef _CACHET_LINUX_CPU_H
#define _CACHET_LINUX_CPU_H

#include <linux/types.h>

void cpu_sysfs_init(void);
void cpu_online_sysfs_init(void);
/* a write to /sys/devices/system/cpu/cpuN/online: @count or an error */
ssize_t cpu_online_store(unsigned int cpu, const char *buf, size_t count);

/*
 * Take @cpu offline or bring it back.  0 on success (also for a CPU
 * already in that state), -EINVAL for a CPU that does not exist,
 * -EPERM for remove_cpu(0) (the boot CPU is not hotpluggable, as Linux's
 * offline_disabled CPU 0 device), -EBUSY for the last online CPU and while secondary CPUs are frozen, -EDEADLK from a
 * caller holding cpus_read_lock(), or the bring-up's error.  May sleep.
 */
int remove_cpu(unsigned int cpu);
int add_cpu(unsigned int cpu);

/*
 * Keep the set of online CPUs as it is: for code that reads
 * cpu_online_mask and needs every CPU in it to take part (a rendezvous,
 * stop_machine_all(), a check of every CPU).  Nests; may sleep while
 * a CPU goes up or down, so not from interrupt handlers; never around
 * remove_cpu() or add_cpu().
 */
void cpus_read_lock(void);
void cpus_read_unlock(void);

/*
 * Suspend: take every online CPU but @primary (-1: the first online)
 * offline, and bring back exactly those.  Hotplug requests between the
 * two get -EBUSY; a CPU that was already offline stays offline.
 */
int freeze_secondary_cpus(int primary);
void thaw_secondary_cpus(void);

#ifdef CONFIG_SMP
/* the architecture's part (arch/x86/kernel/hotplug.c) */
int arch_cpu_up(unsigned int cpu);
int arch_cpu_down(unsigned int cpu);
#endif

#endif /* _CACHET_LINUX_CPU_H */
