/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Polling a file (Documentation/filesystems/vfs.rst, "Polling"): a file's
 * ->poll() returns the POLL* events ready now, and calls poll_wait() on
 * every wait queue whose wake-up may change them.  poll(2), select(2)
 * and their p*() forms (fs/select.c) call ->poll() once with a table
 * that queues them on those queues, sleep until a wake_up() on one of
 * them, a signal or the timeout, and call ->poll() again (with no table)
 * to see what changed.  A driver that wakes its queue after its state
 * changes is all a poll() needs; a file without ->poll() is always
 * ready for reading and writing, as in Linux.
 */
#ifndef _CACHET_LINUX_POLL_H
#define _CACHET_LINUX_POLL_H

#include <linux/fs.h>
#include <linux/types.h>
#include <linux/sched.h>
#include <linux/wait.h>

typedef unsigned int __poll_t;

/* events, Linux's values (asm-generic/poll.h) */
#define POLLIN		0x0001
#define POLLPRI		0x0002
#define POLLOUT		0x0004
#define POLLERR		0x0008
#define POLLHUP		0x0010
#define POLLNVAL	0x0020
#define POLLRDNORM	0x0040
#define POLLRDBAND	0x0080
#define POLLWRNORM	0x0100
#define POLLWRBAND	0x0200
#define POLLMSG		0x0400
#define POLLRDHUP	0x2000

/* what a file without ->poll() reports */
#define DEFAULT_POLLMASK (POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM)

struct poll_table_struct;
typedef void (*poll_queue_proc)(struct file *file,
				struct wait_queue_head *wq_head,
				struct poll_table_struct *pt);

/*
 * @_qproc queues the poller on a wait queue: NULL once the poller has
 * what it needs (it only asks again, it does not wait).  @_key: the
 * events the poller asks for.
 */
typedef struct poll_table_struct {
	poll_queue_proc _qproc;
	__poll_t _key;
} poll_table;

/**
 * poll_wait() - let a poller wait on @wq_head
 * @filp: the file being polled
 * @wq_head: a queue the file's driver wakes when its events may change
 * @p: the table ->poll() got; may be NULL
 *
 * Never sleeps: it only queues the poller.  Call it on every queue
 * whose wake-up may change the events, before reading the state.
 */
static inline void poll_wait(struct file *filp,
			     struct wait_queue_head *wq_head, poll_table *p)
{
	if (p && p->_qproc && wq_head)
		p->_qproc(filp, wq_head, p);
}

static inline void init_poll_funcptr(poll_table *pt, poll_queue_proc qproc)
{
	pt->_qproc = qproc;
	pt->_key = ~(__poll_t)0;
}

/* @file's events now; DEFAULT_POLLMASK without ->poll() */
static inline __poll_t vfs_poll(struct file *file, poll_table *pt)
{
	if (!file->f_op || !file->f_op->poll)
		return DEFAULT_POLLMASK;
	return file->f_op->poll(file, pt);
}

/*
 * One poll(2) or select(2) call's waits (fs/select.c): an entry per
 * queue a ->poll() asked it to wait on.  A wake-up on any of them sets
 * @triggered and wakes @task.
 */
struct poll_table_page;

struct poll_wqueues {
	poll_table pt;
	struct poll_table_page *table;
	struct task_struct *task;
	bool triggered;
	int error;		/* -ENOMEM: an entry could not be made */
};

void poll_initwait(struct poll_wqueues *pwq);
void poll_freewait(struct poll_wqueues *pwq);
long poll_schedule_timeout(struct poll_wqueues *pwq, long timeout);

/* a user timeout and the jiffy it started at */
struct poll_timeout {
	struct timespec64 ts;
	u64 start;
};

long poll_timeout_jiffies(const struct timespec64 *ts);
long poll_user_timeout(const struct timespec64 __user *uts,
		       struct poll_timeout *to);
bool poll_time_left(const struct poll_timeout *to, struct timespec64 *left);
int poll_set_sigmask(const sigset_t __user *umask, size_t sigsetsize);
void poll_restore_sigmask(int ret);

#endif /* _CACHET_LINUX_POLL_H */
