/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Timers: a function run from the tick (interrupts off, on the CPU that
 * advances jiffies) once jiffies reaches expires.  Linux's names.
 */
#ifndef _CACHET_LINUX_TIMER_H
#define _CACHET_LINUX_TIMER_H

#include <linux/list.h>
#include <linux/types.h>

struct timer_list {
	struct list_head entry;		/* empty when not pending */
	u64 expires;
	void (*function)(struct timer_list *);
};

void timer_setup(struct timer_list *timer,
		 void (*function)(struct timer_list *), unsigned int flags);
/* (re)arm @timer for @expires; returns 1 if it was pending */
int mod_timer(struct timer_list *timer, u64 expires);
void add_timer(struct timer_list *timer);
/* disarm; returns 1 if it was pending */
int del_timer(struct timer_list *timer);
/* disarm and wait until its function is not running anywhere */
int del_timer_sync(struct timer_list *timer);

/* the tick's part: run the timers that have expired */
void run_timers(void);

#endif /* _CACHET_LINUX_TIMER_H */
