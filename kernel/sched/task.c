// SPDX-License-Identifier: GPL-2.0
/*
 * Allocating and freeing tasks.  A task's THREAD_SIZE stack comes from
 * vmalloc(), which follows every area with an unmapped guard page, so
 * running off the bottom of a stack that has an area below it faults;
 * STACK_END_MAGIC in its lowest word is checked at every switch too.  A task is freed when its last
 * reference goes: the one it holds on itself while it can run is dropped
 * only after the CPU that ran it last has switched away for good
 * (finish_task_switch()), so no CPU is ever on a freed stack.
 */
#include <linux/bug.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/vmalloc.h>

#include "sched.h"

static unsigned int tasks_alive;

/* a new task, or ERR_PTR(-ENOMEM) or ERR_PTR(-EAGAIN) (no pid left) */
static struct task_struct *__task_alloc(const char *comm, int pid)
{
	struct task_struct *p = kzalloc(sizeof(*p), GFP_KERNEL);
	int err;

	if (!p)
		return ERR_PTR(-ENOMEM);
	p->stack = vmalloc(THREAD_SIZE);
	p->pid = pid == 1 ? alloc_pid_init() : alloc_pid();
	if (!p->stack || p->pid < 0) {
		err = p->stack ? p->pid : -ENOMEM;
		if (p->pid > 0)
			free_pid(p->pid);
		vfree(p->stack);
		kfree(p);
		return ERR_PTR(err);
	}
	*end_of_stack(p) = STACK_END_MAGIC;
	set_task_comm(p, comm);
	p->state = TASK_UNINTERRUPTIBLE;
	spin_lock_init(&p->pi_lock);
	spin_lock_init(&p->alloc_lock);
	INIT_LIST_HEAD(&p->run_list);
	p->cpu = smp_processor_id();
	p->cpus_allowed = ~0ULL;
	p->usage = 1;
	p->start_boottime = ktime_get_boottime_ns();
	__atomic_fetch_add(&tasks_alive, 1, __ATOMIC_RELAXED);
	return p;
}

/**
 * task_alloc_pid() - a new task, not yet runnable (TASK_UNINTERRUPTIBLE)
 * @comm: its name (truncated to TASK_COMM_LEN - 1 bytes)
 * @pid: 0 to allocate a pid, or 1 for init (once)
 *
 * Holds one reference, the task's own, dropped when it dies.  Returns
 * NULL without memory or pids.
 */
struct task_struct *task_alloc_pid(const char *comm, int pid)
{
	struct task_struct *p = __task_alloc(comm, pid);

	return IS_ERR(p) ? NULL : p;
}

/**
 * task_alloc() - a new task for fork, with a new pid
 * @comm: its name
 *
 * Returns the task, ERR_PTR(-ENOMEM), or ERR_PTR(-EAGAIN) when every
 * pid is taken: Linux's errors for the two.
 */
struct task_struct *task_alloc(const char *comm)
{
	return __task_alloc(comm, 0);
}

void get_task_struct(struct task_struct *p)
{
	__atomic_fetch_add(&p->usage, 1, __ATOMIC_RELAXED);
}

/**
 * put_task_struct() - drop a reference to @p; the last frees it
 *
 * Panics if @p would be freed while a CPU still runs it or a run queue
 * holds it.
 */
void put_task_struct(struct task_struct *p)
{
	if (__atomic_sub_fetch(&p->usage, 1, __ATOMIC_ACQ_REL))
		return;
	if (__atomic_load_n(&p->on_cpu, __ATOMIC_ACQUIRE) || p->queued ||
	    (p->flags & PF_IDLE))
		panic("sched: freeing %s:%d while it runs (on_cpu %d queued %d)",
		      p->comm, p->pid, p->on_cpu, p->queued);
	task_stack_check(p);
	kthread_free(p);
	vfree(p->stack);
	free_pid(p->pid);
	kfree(p);
	__atomic_fetch_sub(&tasks_alive, 1, __ATOMIC_RELAXED);
}

/* tasks allocated and not yet freed (idle tasks not counted) */
unsigned int nr_tasks(void)
{
	return __atomic_load_n(&tasks_alive, __ATOMIC_RELAXED);
}

/**
 * do_task_dead() - current ends: it never runs again
 *
 * Its stack is freed by put_task_struct() once its last reference goes,
 * never before the switch away from it is complete.
 */
void __noreturn do_task_dead(void)
{
	preempt_disable();
	set_current_state(TASK_DEAD);
	schedule_idle();
	panic("sched: dead task %s:%d ran again", current->comm, current->pid);
}
