// SPDX-License-Identifier: GPL-2.0
/*
 * Per-task CPU time, as Linux 6.1 keeps it without
 * CONFIG_VIRT_CPU_ACCOUNTING (Documentation/userspace/cputime.rst):
 *
 *  - the tick charges one tick to the task it interrupted: to utime if
 *    the interrupt came from user mode, else to stime (a CPU's idle task
 *    is charged nothing);
 *  - each switch adds the time the task was on the CPU to
 *    sum_exec_runtime (local_clock(), ns), which the CPU-time clocks
 *    read;
 *  - what user space is told scales the sampled utime and stime so that
 *    they add up to sum_exec_runtime, and never goes back (Linux's
 *    cputime_adjust()).
 *
 * utime, stime, sum_exec_runtime and exec_start are written only on the
 * task's CPU with interrupts off (the tick, the switch); the task reads
 * its own with interrupts off too, and a parent reads a dead child's.
 */
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/mm_types.h>
#include <linux/sched.h>
#include <linux/sched/cputime.h>
#include <linux/sched/task.h>
#include <linux/time.h>
#include <asm/irqflags.h>

#define TICK_NSEC	(NSEC_PER_SEC / HZ)

/**
 * account_switch() - @prev leaves its CPU for @next
 * @prev: the task switched away from
 * @next: the task switched to
 *
 * From __schedule(), interrupts off.
 */
void account_switch(struct task_struct *prev, struct task_struct *next)
{
	u64 now = local_clock();

	if (prev->exec_start && now > prev->exec_start)
		prev->sum_exec_runtime += now - prev->exec_start;
	next->exec_start = now;
}

/**
 * update_maxrss() - note @t's resident set if it is the largest yet
 * @t: a task whose memory cannot go meanwhile (current, or at the tick)
 */
void update_maxrss(struct task_struct *t)
{
	unsigned long kib;

	if (!t->mm)
		return;
	kib = READ_ONCE(t->mm->rss) * (PAGE_SIZE / 1024);
	if (kib > t->maxrss)
		t->maxrss = kib;
}

/**
 * account_process_tick() - charge a tick to @p
 * @p: the task the tick interrupted (current)
 * @user_tick: the tick came from user mode
 *
 * From the tick, interrupts off.
 */
void account_process_tick(struct task_struct *p, bool user_tick)
{
	if (p->flags & PF_IDLE)
		return;
	if (user_tick)
		p->utime += TICK_NSEC;
	else
		p->stime += TICK_NSEC;
	update_maxrss(p);
	itimer_cpu_tick(p, user_tick);
}

/**
 * task_sched_runtime() - the ns @t has run, to this moment
 * @t: current, or a task that does not run
 */
u64 task_sched_runtime(struct task_struct *t)
{
	unsigned long flags;
	u64 ns, now;

	local_irq_save(flags);
	ns = t->sum_exec_runtime;
	now = local_clock();
	if (t == current && t->exec_start && now > t->exec_start)
		ns += now - t->exec_start;
	local_irq_restore(flags);
	return ns;
}

/* @stime * @rtime / @total without overflow, losing low bits if need be */
static u64 scale_stime(u64 stime, u64 rtime, u64 total)
{
	u64 prod;

	while (__builtin_mul_overflow(stime, rtime, &prod)) {
		if (rtime > stime)
			rtime >>= 1;
		else
			stime >>= 1;
		total >>= 1;
	}
	return total ? prod / total : 0;
}

/**
 * task_cputime_adjusted() - @t's user and system time for user space
 * @t: current, or a dead child
 * @ut: its utime, ns
 * @st: its stime, ns
 *
 * The tick's samples, scaled to add up to the run time measured at the
 * switches; each never less than what was reported before.
 */
void task_cputime_adjusted(struct task_struct *t, u64 *ut, u64 *st)
{
	u64 rtime = task_sched_runtime(t), utime, stime;
	unsigned long flags;

	local_irq_save(flags);
	utime = t->utime;
	stime = t->stime;
	local_irq_restore(flags);
	if (rtime < t->prev_utime + t->prev_stime)
		goto out;
	if (!stime)
		utime = rtime;
	else if (!utime)
		stime = rtime;
	else
		stime = scale_stime(stime, rtime, utime + stime);
	if (stime > rtime)
		stime = rtime;
	/* neither may go back: what one lacks comes from the other */
	if (stime < t->prev_stime)
		stime = t->prev_stime;
	utime = rtime - stime;
	if (utime < t->prev_utime) {
		utime = t->prev_utime;
		stime = rtime - utime;
	}
	t->prev_utime = utime;
	t->prev_stime = stime;
out:
	*ut = t->prev_utime;
	*st = t->prev_stime;
}

/**
 * task_usage_self() - getrusage(RUSAGE_SELF) of @t
 * @t: current
 * @u: filled in
 */
void task_usage_self(struct task_struct *t, struct task_usage *u)
{
	update_maxrss(t);
	task_cputime_adjusted(t, &u->utime, &u->stime);
	u->maxrss = t->maxrss;
	u->nvcsw = t->nvcsw;
	u->nivcsw = t->nivcsw;
}

/**
 * task_usage_children() - getrusage(RUSAGE_CHILDREN) of @t
 * @t: current
 * @u: filled in: what wait4() collected
 */
void task_usage_children(struct task_struct *t, struct task_usage *u)
{
	unsigned long flags;

	spin_lock_irqsave(&tasklist_lock, flags);
	u->utime = t->cutime;
	u->stime = t->cstime;
	u->maxrss = t->cmaxrss;
	u->nvcsw = t->cnvcsw;
	u->nivcsw = t->cnivcsw;
	spin_unlock_irqrestore(&tasklist_lock, flags);
}

/**
 * account_reaped_child() - wait4() reaps @child
 * @parent: current, the waiter
 * @child: the zombie, whose memory is gone
 * @u: filled with @child's own usage plus its children's (wait4()'s)
 *
 * Under tasklist_lock.  @parent's children's totals grow by @u.
 */
void account_reaped_child(struct task_struct *parent,
			  struct task_struct *child, struct task_usage *u)
{
	u64 ut, st;

	task_cputime_adjusted(child, &ut, &st);
	u->utime = ut + child->cutime;
	u->stime = st + child->cstime;
	u->maxrss = max(child->maxrss, child->cmaxrss);
	u->nvcsw = child->nvcsw + child->cnvcsw;
	u->nivcsw = child->nivcsw + child->cnivcsw;
	parent->cutime += u->utime;
	parent->cstime += u->stime;
	parent->cmaxrss = max(parent->cmaxrss, u->maxrss);
	parent->cnvcsw += u->nvcsw;
	parent->cnivcsw += u->nivcsw;
}
