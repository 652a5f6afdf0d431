// SPDX-License-Identifier: GPL-2.0
/*
 * sysinfo(): uptime (CLOCK_BOOTTIME in whole seconds), the load averages
 * (/proc/loadavg's, in 16-bit fixed point: SI_LOAD_SHIFT), RAM, free RAM
 * and the number of processes, in Linux's struct sysinfo with mem_unit
 * 1.  cachet has no swap, no high memory, no shared-memory or buffer
 * accounting (zeros).
 */
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/sched/loadavg.h>
#include <linux/sched/task.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <linux/time.h>
#include <linux/timekeeping.h>
#include <asm/uaccess.h>

/* loads[] have this many fraction bits */
#define SI_LOAD_SHIFT	16

/* Linux's struct sysinfo on x86-64: 112 bytes */
struct sysinfo {
	long uptime;
	unsigned long loads[3];
	unsigned long totalram;
	unsigned long freeram;
	unsigned long sharedram;
	unsigned long bufferram;
	unsigned long totalswap;
	unsigned long freeswap;
	u16 procs;
	u16 pad;
	unsigned long totalhigh;
	unsigned long freehigh;
	u32 mem_unit;
	char _f[4];
};

SYSCALL_DEFINE1(sysinfo, struct sysinfo __user *, info)
{
	struct sysinfo s;
	unsigned int procs = nr_processes_now();

	memset(&s, 0, sizeof(s));
	s.uptime = ktime_get_boottime_ns() / NSEC_PER_SEC;
	get_avenrun(s.loads, 0, SI_LOAD_SHIFT - FSHIFT);
	s.totalram = totalram_pages() * PAGE_SIZE;
	s.freeram = nr_free_pages() * PAGE_SIZE;
	s.procs = procs > 0xffff ? 0xffff : procs;
	s.mem_unit = 1;
	return copy_to_user(info, &s, sizeof(s)) ? -EFAULT : 0;
}
