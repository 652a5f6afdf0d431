/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The scheduler's own view: one run queue per CPU, each with its lock.
 * Rules (Documentation/scheduler/sched.rst):
 *  - rq->lock guards rq's queue, nr_running and curr, and the queued and
 *    cpu fields of the tasks on it;
 *  - p->pi_lock guards p->state against wake-ups and, for a task that is
 *    not on a run queue, on_rq and cpu; it nests outside rq->lock;
 *  - two run queues are locked lower CPU number first;
 *  - a task is on_cpu from when a CPU picks it until the CPU has switched
 *    to another task (finish_task_switch()), and is moved between queues
 *    or handed to a CPU only while it is not on_cpu.
 */
#ifndef _KERNEL_SCHED_SCHED_H
#define _KERNEL_SCHED_SCHED_H

#include <linux/list.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

/* ticks a task runs before the tick asks for a switch: 12 ms at HZ 250 */
#define SCHED_SLICE_TICKS	3

struct rq {
	spinlock_t lock;
	struct list_head queue;		/* runnable, not running, FIFO */
	unsigned int nr_queued;
	struct task_struct *curr;
	struct task_struct *idle;
	unsigned long nr_switches;
	unsigned long nr_pulled;	/* tasks this CPU pulled when idle */
	unsigned long nr_ticks;
	/* switched away from, runnable, and not allowed here: see __schedule() */
	struct task_struct *move_task;
} __aligned(64);

extern struct rq runqueues[NR_CPUS];

#define cpu_rq(cpu)	(&runqueues[(cpu)])
#define this_rq()	cpu_rq(smp_processor_id())

/* tasks on the CPU, queued or running (its idle task not counted) */
static inline unsigned int rq_load(const struct rq *rq)
{
	return rq->nr_queued + (rq->curr != rq->idle);
}

void enqueue_task(struct rq *rq, struct task_struct *p);
bool idle_balance(void);
void task_stack_check(const struct task_struct *p);
void schedule_idle(void);

/* kernel/sched/pid.c */
int alloc_pid(void);
int alloc_pid_init(void);
void free_pid(int pid);

#endif /* _KERNEL_SCHED_SCHED_H */
