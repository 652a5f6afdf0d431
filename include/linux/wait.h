/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Wait queues, with Linux's names and semantics: wait_event*() sleeps
 * until a condition holds, rechecking it after each wake-up; wake_up*()
 * wakes the waiters (all the non-exclusive ones, and at most one
 * exclusive one for wake_up()).  The waker changes what the condition
 * reads before it calls wake_up(): the queue's lock orders the two.
 * The _interruptible forms return -ERESTARTSYS when a signal is pending
 * (before sleeping, or once woken by it), as Linux's do.
 */
#ifndef _CACHET_LINUX_WAIT_H
#define _CACHET_LINUX_WAIT_H

#include <linux/list.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

struct wait_queue_entry;
typedef int (*wait_queue_func_t)(struct wait_queue_entry *wq_entry,
				 unsigned int mode, int flags, void *key);

#define WQ_FLAG_EXCLUSIVE	0x01

struct wait_queue_entry {
	unsigned int flags;
	void *private;			/* the task */
	wait_queue_func_t func;
	struct list_head entry;
};

struct wait_queue_head {
	spinlock_t lock;
	struct list_head head;
};
typedef struct wait_queue_head wait_queue_head_t;

#define __WAIT_QUEUE_HEAD_INITIALIZER(name) {				\
	.lock = __SPIN_LOCK_UNLOCKED,					\
	.head = LIST_HEAD_INIT((name).head) }

#define DECLARE_WAIT_QUEUE_HEAD(name) \
	struct wait_queue_head name = __WAIT_QUEUE_HEAD_INITIALIZER(name)

static inline void init_waitqueue_head(struct wait_queue_head *wq_head)
{
	spin_lock_init(&wq_head->lock);
	INIT_LIST_HEAD(&wq_head->head);
}

int autoremove_wake_function(struct wait_queue_entry *wq_entry,
			     unsigned int mode, int sync, void *key);
int default_wake_function(struct wait_queue_entry *wq_entry,
			  unsigned int mode, int flags, void *key);

void init_wait_entry(struct wait_queue_entry *wq_entry, int flags);
void add_wait_queue(struct wait_queue_head *wq_head,
		    struct wait_queue_entry *wq_entry);
void remove_wait_queue(struct wait_queue_head *wq_head,
		       struct wait_queue_entry *wq_entry);
long prepare_to_wait_event(struct wait_queue_head *wq_head,
			   struct wait_queue_entry *wq_entry,
			   unsigned int state);
void finish_wait(struct wait_queue_head *wq_head,
		 struct wait_queue_entry *wq_entry);
void __wake_up(struct wait_queue_head *wq_head, unsigned int mode,
	       int nr_exclusive, void *key);

#define wake_up(x)			__wake_up(x, TASK_NORMAL, 1, NULL)
#define wake_up_nr(x, nr)		__wake_up(x, TASK_NORMAL, nr, NULL)
#define wake_up_all(x)			__wake_up(x, TASK_NORMAL, 0, NULL)
#define wake_up_interruptible(x)	__wake_up(x, TASK_INTERRUPTIBLE, 1, NULL)
#define wake_up_interruptible_all(x)	__wake_up(x, TASK_INTERRUPTIBLE, 0, NULL)

/*
 * The loop every wait_event*() runs: queue, set the state, test, sleep.
 * @cmd is what sleeps (schedule() or schedule_timeout()); @exclusive
 * queues the waiter as exclusive.
 */
#define ___wait_event(wq_head, condition, state, exclusive, ret, cmd)	\
({									\
	struct wait_queue_entry __wq_entry;				\
	long __ret = ret;						\
									\
	init_wait_entry(&__wq_entry, exclusive ? WQ_FLAG_EXCLUSIVE : 0);\
	for (;;) {							\
		long __int = prepare_to_wait_event(&(wq_head),		\
						   &__wq_entry, state);	\
		if (condition)						\
			break;						\
		if (__int) {						\
			__ret = __int;					\
			break;						\
		}							\
		cmd;							\
	}								\
	finish_wait(&(wq_head), &__wq_entry);				\
	__ret;								\
})

#define wait_event(wq_head, condition)					\
do {									\
	if (condition)							\
		break;							\
	(void)___wait_event(wq_head, condition, TASK_UNINTERRUPTIBLE, 0,\
			    0, schedule());				\
} while (0)

#define wait_event_interruptible(wq_head, condition)			\
({									\
	int __r = 0;							\
	if (!(condition))						\
		__r = ___wait_event(wq_head, condition,			\
				    TASK_INTERRUPTIBLE, 0, 0,		\
				    schedule());			\
	__r;								\
})

#define wait_event_interruptible_exclusive(wq_head, condition)		\
({									\
	int __r = 0;							\
	if (!(condition))						\
		__r = ___wait_event(wq_head, condition,			\
				    TASK_INTERRUPTIBLE, 1, 0,		\
				    schedule());			\
	__r;								\
})

/*
 * Linux's return value: 0 if @condition was still false when @timeout
 * jiffies had passed, else the jiffies left (at least 1).
 */
#define ___wait_cond_timeout(condition)					\
({									\
	bool __cond = (condition);					\
	if (__cond && !__ret)						\
		__ret = 1;						\
	__cond || !__ret;						\
})

#define wait_event_timeout(wq_head, condition, timeout)			\
({									\
	long __ret = timeout;						\
	if (!___wait_cond_timeout(condition))				\
		__ret = ___wait_event(wq_head,				\
				      ___wait_cond_timeout(condition),	\
				      TASK_UNINTERRUPTIBLE, 0, timeout,	\
				      __ret = schedule_timeout(__ret));	\
	__ret;								\
})

#define wait_event_interruptible_timeout(wq_head, condition, timeout)	\
({									\
	long __ret = timeout;						\
	if (!___wait_cond_timeout(condition))				\
		__ret = ___wait_event(wq_head,				\
				      ___wait_cond_timeout(condition),	\
				      TASK_INTERRUPTIBLE, 0, timeout,	\
				      __ret = schedule_timeout(__ret));	\
	__ret;								\
})

#endif /* _CACHET_LINUX_WAIT_H */
