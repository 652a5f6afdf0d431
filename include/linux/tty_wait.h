/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one wait a tty needs: a reader waits for input, with a timeout
 * (VTIME) or without, and a signal ends the wait.  The reader sleeps on
 * the scheduler's wait queue (include/linux/wait.h) and the driver's
 * receive path wakes it (tty_wake_up() is wake_up_interruptible()).
 *
 *	tty_wait_event_timeout(wq, cond, timeout_ns)
 *
 * returns 0 once @cond is true, -ETIMEDOUT after @timeout_ns (0: no
 * limit), or -ERESTARTSYS when the waiter has a signal pending.  @cond
 * is evaluated again after each wake-up and must take its own locks.
 *
 * A device without a receive interrupt sets wq->idle: the waiter then
 * sleeps a tick at a time and calls it between sleeps to poll the device
 * (drivers/tty/serial/8250.c before its interrupt is routed).  The
 * scheduler's interruptible sleep does not look at signals itself, so
 * the condition slept on includes signal_pending().
 */
#ifndef _CACHET_LINUX_TTY_WAIT_H
#define _CACHET_LINUX_TTY_WAIT_H

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/time.h>
#include <linux/types.h>
#include <linux/wait.h>

struct tty_wait_queue {
	struct wait_queue_head head;
	unsigned long wakeups;		/* how often tty_wake_up() ran */
	void (*idle)(void *data);	/* poll the device; NULL: it interrupts */
	void *data;
};

static inline void tty_wait_queue_init(struct tty_wait_queue *wq)
{
	init_waitqueue_head(&wq->head);
	wq->wakeups = 0;
	wq->idle = NULL;
	wq->data = NULL;
}

static inline void tty_wake_up(struct tty_wait_queue *wq)
{
	__atomic_fetch_add(&wq->wakeups, 1, __ATOMIC_RELAXED);
	wake_up_interruptible(&wq->head);
}

/* the jiffies a sleep may last: one with a poll, else up to the limit */
static inline long tty_wait_ticks(const struct tty_wait_queue *wq,
				  u64 limit_ns, u64 end_ns)
{
	u64 left, ticks;

	if (wq->idle)
		return 1;
	if (!limit_ns)
		return MAX_SCHEDULE_TIMEOUT;
	left = end_ns - local_clock();
	ticks = (left * HZ + NSEC_PER_SEC - 1) / NSEC_PER_SEC;
	return ticks ? (long)ticks : 1;
}

#define tty_wait_event_timeout(wq, cond, timeout_ns)			\
({									\
	u64 __tw_limit = (timeout_ns);					\
	u64 __tw_end = local_clock() + __tw_limit;			\
	int __tw_ret = 0;						\
									\
	while (!(cond)) {						\
		if (signal_pending(current)) {				\
			__tw_ret = -ERESTARTSYS;			\
			break;						\
		}							\
		if (__tw_limit && local_clock() >= __tw_end) {		\
			__tw_ret = -ETIMEDOUT;				\
			break;						\
		}							\
		if ((wq)->idle) {					\
			(wq)->idle((wq)->data);				\
			if (cond)					\
				break;					\
		}							\
		wait_event_interruptible_timeout((wq)->head,		\
			(cond) || signal_pending(current),		\
			tty_wait_ticks(wq, __tw_limit, __tw_end));	\
	}								\
	__tw_ret;							\
})

#endif /* _CACHET_LINUX_TTY_WAIT_H */
