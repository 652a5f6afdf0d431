// SPDX-License-Identifier: GPL-2.0
/*
 * Timers, schedule_timeout() and msleep().  One list under one lock:
 * only the CPU that advances jiffies runs timers (tick.c), and the
 * kernel keeps few armed at once.  A timer's function runs with the lock
 * dropped; running_timer lets del_timer_sync() wait for it.
 */
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/timer.h>

static LIST_HEAD(timer_list_head);
static DEFINE_SPINLOCK(timer_lock);
static struct timer_list *running_timer;

void timer_setup(struct timer_list *timer,
		 void (*function)(struct timer_list *), unsigned int flags)
{
	INIT_LIST_HEAD(&timer->entry);
	timer->function = function;
	timer->expires = 0;
}

static int detach(struct timer_list *timer)
{
	if (list_empty(&timer->entry))
		return 0;
	list_del_init(&timer->entry);
	return 1;
}

int mod_timer(struct timer_list *timer, u64 expires)
{
	unsigned long flags;
	int was;

	spin_lock_irqsave(&timer_lock, flags);
	was = detach(timer);
	timer->expires = expires;
	list_add_tail(&timer->entry, &timer_list_head);
	spin_unlock_irqrestore(&timer_lock, flags);
	return was;
}

void add_timer(struct timer_list *timer)
{
	mod_timer(timer, timer->expires);
}

int del_timer(struct timer_list *timer)
{
	unsigned long flags;
	int was;

	spin_lock_irqsave(&timer_lock, flags);
	was = detach(timer);
	spin_unlock_irqrestore(&timer_lock, flags);
	return was;
}

int del_timer_sync(struct timer_list *timer)
{
	int was = del_timer(timer);

	while (__atomic_load_n(&running_timer, __ATOMIC_ACQUIRE) == timer)
		cpu_relax();
	return was;
}

/* the first expired timer, detached and marked running; NULL if none */
static struct timer_list *next_expired(u64 now)
{
	struct timer_list *t;

	list_for_each_entry(t, &timer_list_head, entry) {
		if (time_after_eq64(now, t->expires)) {
			detach(t);
			__atomic_store_n(&running_timer, t, __ATOMIC_RELEASE);
			return t;
		}
	}
	return NULL;
}

void run_timers(void)
{
	u64 now = get_jiffies_64();
	struct timer_list *t;
	unsigned long flags;

	spin_lock_irqsave(&timer_lock, flags);
	while ((t = next_expired(now))) {
		spin_unlock_irqrestore(&timer_lock, flags);
		t->function(t);
		spin_lock_irqsave(&timer_lock, flags);
		__atomic_store_n(&running_timer, NULL, __ATOMIC_RELEASE);
	}
	spin_unlock_irqrestore(&timer_lock, flags);
}

struct process_timer {
	struct timer_list timer;
	struct task_struct *task;
};

static void process_timeout(struct timer_list *t)
{
	struct process_timer *pt = container_of(t, struct process_timer,
						timer);

	wake_up_process(pt->task);
}

/**
 * schedule_timeout() - sleep until woken or @timeout jiffies have passed
 *
 * Linux's contract: the caller sets current's state first (with
 * TASK_RUNNING this only yields).  Returns 0 if the time ran out, else
 * the jiffies that were left.  MAX_SCHEDULE_TIMEOUT sleeps with no timer.
 */
long schedule_timeout(long timeout)
{
	struct process_timer pt;
	u64 expire;
	s64 left;

	if (timeout == MAX_SCHEDULE_TIMEOUT) {
		schedule();
		return timeout;
	}
	if (timeout < 0) {
		__set_current_state(TASK_RUNNING);
		return 0;
	}
	expire = get_jiffies_64() + timeout;
	pt.task = current;
	timer_setup(&pt.timer, process_timeout, 0);
	mod_timer(&pt.timer, expire);
	schedule();
	del_timer_sync(&pt.timer);
	left = expire - get_jiffies_64();
	return left < 0 ? 0 : left;
}

long schedule_timeout_interruptible(long timeout)
{
	__set_current_state(TASK_INTERRUPTIBLE);
	return schedule_timeout(timeout);
}

long schedule_timeout_uninterruptible(long timeout)
{
	__set_current_state(TASK_UNINTERRUPTIBLE);
	return schedule_timeout(timeout);
}

/*
 * One jiffy more than the time asked for: the current jiffy is already
 * partly gone, and the sleep must last at least @msecs.
 */
void msleep(unsigned int msecs)
{
	long timeout = msecs_to_jiffies(msecs) + 1;

	while (timeout)
		timeout = schedule_timeout_uninterruptible(timeout);
}
