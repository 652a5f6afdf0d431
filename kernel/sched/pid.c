// SPDX-License-Identifier: GPL-2.0
/*
 * Process IDs, Linux's way: handed out in increasing order from the last
 * one given, wrapping at pid_max (Linux's default, 32768) back to
 * RESERVED_PIDS, so a freed pid is not reused soon.  0 is every idle
 * task's and 1 init's (given by alloc_pid_init()); a pid returns to the
 * pool only when its task is freed (reaped), never while it can be seen.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/sched/stat.h>
#include <linux/spinlock.h>

#include "sched.h"

#define PID_MAX_DEFAULT	0x8000
#define RESERVED_PIDS	300

static u64 pid_map[PID_MAX_DEFAULT / 64];
static int last_pid = 1;
static unsigned long total_forks;	/* pids handed out: /proc/stat */
static DEFINE_SPINLOCK(pid_lock);

static bool pid_test_and_set(int pid)
{
	u64 bit = 1ULL << (pid % 64);
	u64 *w = &pid_map[pid / 64];

	if (*w & bit)
		return false;
	*w |= bit;
	return true;
}

/* the next free pid after the last one given; -EAGAIN when all are used */
int alloc_pid(void)
{
	unsigned long flags;
	int pid = -EAGAIN, i, next;

	spin_lock_irqsave(&pid_lock, flags);
	next = last_pid;
	for (i = 0; i < PID_MAX_DEFAULT; i++) {
		next = next + 1 < PID_MAX_DEFAULT ? next + 1 : RESERVED_PIDS;
		if (pid_test_and_set(next)) {
			pid = last_pid = next;
			total_forks++;
			break;
		}
	}
	spin_unlock_irqrestore(&pid_lock, flags);
	return pid;
}

/* pid 1, once: the init task's */
int alloc_pid_init(void)
{
	unsigned long flags;
	bool ok;

	spin_lock_irqsave(&pid_lock, flags);
	ok = pid_test_and_set(1);
	total_forks += ok;
	spin_unlock_irqrestore(&pid_lock, flags);
	return ok ? 1 : -EBUSY;
}

void free_pid(int pid)
{
	unsigned long flags;

	if (pid <= 0 || pid >= PID_MAX_DEFAULT)
		return;
	spin_lock_irqsave(&pid_lock, flags);
	pid_map[pid / 64] &= ~(1ULL << (pid % 64));
	spin_unlock_irqrestore(&pid_lock, flags);
}

/**
 * pid_last_nr() - the pid handed out last (/proc/loadavg's last field)
 */
int pid_last_nr(void)
{
	return READ_ONCE(last_pid);
}

/**
 * nr_forks_total() - tasks created since boot (/proc/stat's processes)
 */
unsigned long nr_forks_total(void)
{
	return READ_ONCE(total_forks);
}
