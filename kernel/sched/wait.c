// SPDX-License-Identifier: GPL-2.0
/* Wait queues: see include/linux/wait.h. */
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/wait.h>

int default_wake_function(struct wait_queue_entry *wq_entry,
			  unsigned int mode, int flags, void *key)
{
	return wake_up_state(wq_entry->private, mode);
}

/* wake and dequeue, so a waiter woken twice is not woken by later calls */
int autoremove_wake_function(struct wait_queue_entry *wq_entry,
			     unsigned int mode, int sync, void *key)
{
	int ret = default_wake_function(wq_entry, mode, sync, key);

	if (ret)
		list_del_init(&wq_entry->entry);
	return ret;
}

void init_wait_entry(struct wait_queue_entry *wq_entry, int flags)
{
	wq_entry->flags = flags;
	wq_entry->private = current;
	wq_entry->func = autoremove_wake_function;
	INIT_LIST_HEAD(&wq_entry->entry);
}

void add_wait_queue(struct wait_queue_head *wq_head,
		    struct wait_queue_entry *wq_entry)
{
	unsigned long flags;

	spin_lock_irqsave(&wq_head->lock, flags);
	list_add(&wq_entry->entry, &wq_head->head);
	spin_unlock_irqrestore(&wq_head->lock, flags);
}

void remove_wait_queue(struct wait_queue_head *wq_head,
		       struct wait_queue_entry *wq_entry)
{
	unsigned long flags;

	spin_lock_irqsave(&wq_head->lock, flags);
	list_del_init(&wq_entry->entry);
	spin_unlock_irqrestore(&wq_head->lock, flags);
}

/*
 * Queue (if not queued) and set the state under the queue's lock: a
 * wake_up() after this sees the entry and sets the state back to
 * TASK_RUNNING, so the schedule() that follows the condition's check
 * cannot sleep through it.  Exclusive waiters go at the tail.
 */
long prepare_to_wait_event(struct wait_queue_head *wq_head,
			   struct wait_queue_entry *wq_entry,
			   unsigned int state)
{
	unsigned long flags;

	spin_lock_irqsave(&wq_head->lock, flags);
	/*
	 * An interruptible sleeper with a signal pending does not sleep:
	 * off the queue, and the caller returns -ERESTARTSYS (Linux's rule).
	 * Checked under the queue's lock after a wake-up too, so a signal
	 * sent while the task slept (signal_wake_up()) ends the wait.
	 */
	if ((state & TASK_INTERRUPTIBLE) && signal_pending(current)) {
		list_del_init(&wq_entry->entry);
		__set_current_state(TASK_RUNNING);
		spin_unlock_irqrestore(&wq_head->lock, flags);
		return -ERESTARTSYS;
	}
	if (list_empty(&wq_entry->entry)) {
		if (wq_entry->flags & WQ_FLAG_EXCLUSIVE)
			list_add_tail(&wq_entry->entry, &wq_head->head);
		else
			list_add(&wq_entry->entry, &wq_head->head);
	}
	set_current_state(state);
	spin_unlock_irqrestore(&wq_head->lock, flags);
	return 0;
}

void finish_wait(struct wait_queue_head *wq_head,
		 struct wait_queue_entry *wq_entry)
{
	unsigned long flags;

	__set_current_state(TASK_RUNNING);
	if (list_empty(&wq_entry->entry))
		return;
	spin_lock_irqsave(&wq_head->lock, flags);
	list_del_init(&wq_entry->entry);
	spin_unlock_irqrestore(&wq_head->lock, flags);
}

/**
 * __wake_up() - wake the waiters of @wq_head in state @mode
 * @nr_exclusive: exclusive waiters to wake at most (0: all)
 * @key: passed to each waiter's function
 */
void __wake_up(struct wait_queue_head *wq_head, unsigned int mode,
	       int nr_exclusive, void *key)
{
	struct wait_queue_entry *e, *next;
	unsigned long flags;

	spin_lock_irqsave(&wq_head->lock, flags);
	for (e = list_first_entry(&wq_head->head, struct wait_queue_entry,
				  entry);
	     &e->entry != &wq_head->head; e = next) {
		unsigned int wflags = e->flags;

		next = list_entry(e->entry.next, struct wait_queue_entry,
				  entry);
		if (e->func(e, mode, 0, key) && (wflags & WQ_FLAG_EXCLUSIVE) &&
		    !--nr_exclusive)
			break;
	}
	spin_unlock_irqrestore(&wq_head->lock, flags);
}
