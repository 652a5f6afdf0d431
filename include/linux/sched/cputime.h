/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-task CPU time (kernel/sched/cputime.c): Linux's tick-based user and
 * system time, the run time measured at each switch, the largest RSS,
 * and the totals of waited-for children that times(), getrusage() and
 * wait4() report (kernel/sys_times.c).
 */
#ifndef _CACHET_LINUX_SCHED_CPUTIME_H
#define _CACHET_LINUX_SCHED_CPUTIME_H

#include <linux/types.h>

struct task_struct;

/* what one struct rusage says, before conversion to Linux's layout */
struct task_usage {
	u64 utime, stime;		/* ns */
	unsigned long maxrss;		/* KiB */
	unsigned long nvcsw, nivcsw;
};

/* the scheduler's and the tick's hooks */
void account_switch(struct task_struct *prev, struct task_struct *next);
void account_process_tick(struct task_struct *p, bool user_tick);
void update_maxrss(struct task_struct *t);

/* ns of CPU @t ran, to this moment: CLOCK_*_CPUTIME_ID */
u64 task_sched_runtime(struct task_struct *t);
/* @t's own utime and stime, scaled to its run time as Linux does */
void task_cputime_adjusted(struct task_struct *t, u64 *ut, u64 *st);
void task_usage_self(struct task_struct *t, struct task_usage *u);
void task_usage_children(struct task_struct *t, struct task_usage *u);
/* wait4() reaps @child: its totals go to @parent's children's */
void account_reaped_child(struct task_struct *parent,
			  struct task_struct *child, struct task_usage *u);
int put_rusage(const struct task_usage *u, void __user *ru);

/* kernel/time/itimer.c: the CPU-time timers, from the tick */
void itimer_cpu_tick(struct task_struct *t, bool user_tick);

#endif /* _CACHET_LINUX_SCHED_CPUTIME_H */
