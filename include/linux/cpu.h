/* SPDX-License-Identifier: GPL-2.0 */
/* The CPUs in sysfs: /sys/devices/system/cpu (drivers/base/cpu.c) */
#ifndef _CACHET_LINUX_CPU_H
#define _CACHET_LINUX_CPU_H

void cpu_sysfs_init(void);

#endif /* _CACHET_LINUX_CPU_H */
