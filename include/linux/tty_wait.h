/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one wait a tty needs, until kernel/sched/ has wait queues: a reader
 * waits for input with a timeout.  The interface is shaped like Linux's
 * wait_event_interruptible_timeout() so the scheduler's version replaces
 * it in place:
 *
 *	tty_wait_event_timeout(wq, cond, timeout_ns)
 *		-> wait_event_interruptible_timeout(wq, cond, ticks)
 *	tty_wake_up(wq) -> wake_up_interruptible(wq)
 *
 * Returns 0 once @cond is true, -ETIMEDOUT after @timeout_ns (0: no
 * limit), or -ERESTARTSYS when the waiter has a signal pending (never,
 * until signals exist).  @cond is evaluated again after each wake-up and
 * must take its own locks.
 *
 * Today the wait spins: with no other task to run there is nothing to
 * switch to.  Each round calls wq->idle, which a driver without an
 * interrupt uses to poll its device (drivers/tty/serial/8250.c), so input
 * arrives even before its interrupt is routed.
 */
#ifndef _CACHET_LINUX_TTY_WAIT_H
#define _CACHET_LINUX_TTY_WAIT_H

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/time.h>
#include <linux/types.h>
#include <asm/special_insns.h>

struct tty_wait_queue {
	unsigned long wakeups;		/* how often tty_wake_up() ran */
	void (*idle)(void *data);	/* one round of waiting; may be NULL */
	void *data;
};

static inline void tty_wake_up(struct tty_wait_queue *wq)
{
	WRITE_ONCE(wq->wakeups, wq->wakeups + 1);
}

#define tty_wait_event_timeout(wq, cond, timeout_ns)			\
({									\
	u64 __tw_limit = (timeout_ns);					\
	u64 __tw_end = local_clock() + __tw_limit;			\
	int __tw_ret = 0;						\
									\
	while (!(cond)) {						\
		if (__tw_limit && local_clock() >= __tw_end) {		\
			__tw_ret = -ETIMEDOUT;				\
			break;						\
		}							\
		if ((wq)->idle)						\
			(wq)->idle((wq)->data);				\
		else							\
			cpu_relax();					\
	}								\
	__tw_ret;							\
})

#endif /* _CACHET_LINUX_TTY_WAIT_H */
