// SPDX-License-Identifier: GPL-2.0
/*
 * poll(2) and ppoll(2), and the waiting that select(2) shares with them
 * (Documentation/filesystems/vfs.rst, "Polling").  The first pass over
 * the files queues the caller on every wait queue their ->poll() names;
 * then it sleeps until one is woken, a signal arrives or the timeout
 * passes, and asks the files again.  Linux's results: a negative fd is
 * skipped, a closed one reports POLLNVAL, POLLERR and POLLHUP are
 * reported whether asked for or not, and a signal with nothing ready
 * ends the call with -ERESTARTNOHAND (EINTR under a handler).
 */
#include <linux/errno.h>
#include <linux/fdtable.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/slab.h>
#include <linux/syscalls.h>
#include <asm/uaccess.h>

struct poll_table_entry {
	struct file *filp;
	struct wait_queue_entry wait;
	struct wait_queue_head *wq_head;
};

#define POLL_TABLE_ENTRIES	32

struct poll_table_page {
	struct poll_table_page *next;
	unsigned int used;
	struct poll_table_entry entries[POLL_TABLE_ENTRIES];
};

static int pollwake(struct wait_queue_entry *wait, unsigned int mode,
		    int sync, void *key)
{
	struct poll_wqueues *pwq = wait->private;
	struct wait_queue_entry task_wait = { .private = pwq->task };

	/* seen by the sleeper after it set its state: no lost wake-up */
	__atomic_store_n(&pwq->triggered, true, __ATOMIC_SEQ_CST);
	return default_wake_function(&task_wait, mode, sync, key);
}

static struct poll_table_entry *poll_get_entry(struct poll_wqueues *pwq)
{
	struct poll_table_page *page = pwq->table;

	if (!page || page->used == POLL_TABLE_ENTRIES) {
		page = kzalloc(sizeof(*page), GFP_KERNEL);
		if (!page) {
			pwq->error = -ENOMEM;
			return NULL;
		}
		page->next = pwq->table;
		pwq->table = page;
	}
	return &page->entries[page->used++];
}

static void __pollwait(struct file *filp, struct wait_queue_head *wq_head,
		       poll_table *pt)
{
	struct poll_wqueues *pwq = container_of(pt, struct poll_wqueues, pt);
	struct poll_table_entry *entry = poll_get_entry(pwq);

	if (!entry)
		return;
	entry->filp = get_file(filp);
	entry->wq_head = wq_head;
	init_wait_entry(&entry->wait, 0);
	entry->wait.private = pwq;
	entry->wait.func = pollwake;
	add_wait_queue(wq_head, &entry->wait);
}

/**
 * poll_initwait() - start a poll call's waits
 * @pwq: the caller's, on its stack
 */
void poll_initwait(struct poll_wqueues *pwq)
{
	init_poll_funcptr(&pwq->pt, __pollwait);
	pwq->table = NULL;
	pwq->task = current;
	pwq->triggered = false;
	pwq->error = 0;
}

/**
 * poll_freewait() - leave every queue poll_initwait()'s table joined
 * @pwq: the call's waits
 */
void poll_freewait(struct poll_wqueues *pwq)
{
	struct poll_table_page *page = pwq->table, *next;
	unsigned int i;

	for (; page; page = next) {
		next = page->next;
		for (i = 0; i < page->used; i++) {
			remove_wait_queue(page->entries[i].wq_head,
					  &page->entries[i].wait);
			fput(page->entries[i].filp);
		}
		kfree(page);
	}
	pwq->table = NULL;
}

/**
 * poll_schedule_timeout() - sleep until a queue is woken, a signal
 * arrives or @timeout jiffies pass
 * @pwq: the call's waits
 * @timeout: jiffies, or MAX_SCHEDULE_TIMEOUT
 *
 * Returns the jiffies left: 0 when the time ran out.
 */
long poll_schedule_timeout(struct poll_wqueues *pwq, long timeout)
{
	set_current_state(TASK_INTERRUPTIBLE);
	if (!__atomic_load_n(&pwq->triggered, __ATOMIC_SEQ_CST) &&
	    !signal_pending(current))
		timeout = schedule_timeout(timeout);
	__set_current_state(TASK_RUNNING);
	__atomic_store_n(&pwq->triggered, false, __ATOMIC_SEQ_CST);
	return timeout;
}

/**
 * poll_timeout_jiffies() - a user timeout as the jiffies to sleep
 * @ts: checked: 0 <= tv_nsec < 10^9 and tv_sec >= 0
 *
 * At least the time asked for: rounded up, plus the jiffy already under
 * way.  Zero stays zero (do not sleep); a time too long to count is
 * MAX_SCHEDULE_TIMEOUT.
 */
long poll_timeout_jiffies(const struct timespec64 *ts)
{
	u64 j;

	if (!ts->tv_sec && !ts->tv_nsec)
		return 0;
	if (ts->tv_sec >= (s64)(MAX_SCHEDULE_TIMEOUT / HZ) - 1)
		return MAX_SCHEDULE_TIMEOUT;
	j = (u64)ts->tv_sec * HZ +
	    ((u64)ts->tv_nsec * HZ + 999999999) / 1000000000;
	return j + 1;
}

/**
 * poll_set_sigmask() - ppoll's and pselect's mask for the wait
 * @umask: the user's sigset_t, or NULL for none
 * @sigsetsize: must be sizeof(sigset_t)
 *
 * Saves the old mask in current->saved_sigmask.  Returns 0, -EINVAL or
 * -EFAULT (the mask unchanged).
 */
int poll_set_sigmask(const sigset_t __user *umask, size_t sigsetsize)
{
	struct task_struct *t = current;
	sigset_t mask;

	if (!umask)
		return 0;
	if (sigsetsize != sizeof(sigset_t))
		return -EINVAL;
	if (copy_from_user(&mask, umask, sizeof(mask)))
		return -EFAULT;
	t->saved_sigmask = t->blocked;
	t->restore_sigmask = true;
	set_current_blocked(&mask);
	return 0;
}

/**
 * poll_restore_sigmask() - put back the mask poll_set_sigmask() saved
 * @ret: the call's result
 *
 * When a signal interrupted the call (-ERESTARTNOHAND), the old mask
 * goes back only after its handler's frame is set up, so the handler
 * runs under the temporary one and sigreturn restores the old one, as
 * Linux does; otherwise now.
 */
void poll_restore_sigmask(int ret)
{
	struct task_struct *t = current;

	if (!t->restore_sigmask || ret == -ERESTARTNOHAND)
		return;
	t->restore_sigmask = false;
	set_current_blocked(&t->saved_sigmask);
}

/* Linux's struct pollfd */
struct pollfd {
	int fd;
	short events;
	short revents;
};

static unsigned int do_pollfd(struct pollfd *pfd, poll_table *pt)
{
	struct file *f;
	unsigned int mask, filter;

	if (pfd->fd < 0) {
		pfd->revents = 0;
		return 0;
	}
	f = fget(pfd->fd);
	if (!f) {
		pfd->revents = POLLNVAL;
		return POLLNVAL;
	}
	filter = (unsigned short)pfd->events | POLLERR | POLLHUP;
	pt->_key = filter;
	mask = vfs_poll(f, pt) & filter;
	fput(f);
	pfd->revents = mask;
	return mask;
}

static int do_poll(struct pollfd *fds, unsigned int nfds, long timeout)
{
	struct poll_wqueues pwq;
	poll_table *pt = &pwq.pt;
	bool timed_out = !timeout;
	int count;

	poll_initwait(&pwq);
	if (timed_out)
		pt->_qproc = NULL;
	for (;;) {
		unsigned int i;

		count = 0;
		for (i = 0; i < nfds; i++) {
			if (do_pollfd(&fds[i], pt)) {
				count++;
				/* one is ready: only ask the rest */
				pt->_qproc = NULL;
			}
		}
		pt->_qproc = NULL;
		if (!count) {
			count = pwq.error;
			if (signal_pending(current))
				count = -ERESTARTNOHAND;
		}
		if (count || timed_out)
			break;
		timeout = poll_schedule_timeout(&pwq, timeout);
		if (!timeout)
			timed_out = true;
	}
	poll_freewait(&pwq);
	return count;
}

static long do_sys_poll(struct pollfd __user *ufds, unsigned int nfds,
			long timeout)
{
	struct pollfd *fds;
	unsigned int i;
	long ret;

	if (nfds > NR_OPEN_DEFAULT)
		return -EINVAL;
	fds = kmalloc(nfds ? nfds * sizeof(*fds) : 1, GFP_KERNEL);
	if (!fds)
		return -ENOMEM;
	if (copy_from_user(fds, ufds, nfds * sizeof(*fds))) {
		kfree(fds);
		return -EFAULT;
	}
	ret = do_poll(fds, nfds, timeout);
	for (i = 0; i < nfds; i++) {
		if (put_user(fds[i].revents, &ufds[i].revents)) {
			ret = -EFAULT;
			break;
		}
	}
	kfree(fds);
	return ret;
}

SYSCALL_DEFINE3(poll, struct pollfd __user *, ufds, unsigned int, nfds,
		int, timeout_msecs)
{
	struct timespec64 ts = {
		.tv_sec = timeout_msecs / 1000,
		.tv_nsec = (long)(timeout_msecs % 1000) * 1000000,
	};

	return do_sys_poll(ufds, nfds, timeout_msecs < 0 ?
			   MAX_SCHEDULE_TIMEOUT : poll_timeout_jiffies(&ts));
}

/**
 * poll_user_timeout() - ppoll's and pselect6's timeout, read and checked
 * @uts: the user's timespec, or NULL for none
 * @to: gets it, with the jiffies it started at
 *
 * Returns the jiffies to sleep (MAX_SCHEDULE_TIMEOUT without one),
 * -EFAULT, or -EINVAL when it is not a valid time.
 */
long poll_user_timeout(const struct timespec64 __user *uts,
		       struct poll_timeout *to)
{
	to->start = get_jiffies_64();
	if (!uts)
		return MAX_SCHEDULE_TIMEOUT;
	if (copy_from_user(&to->ts, uts, sizeof(to->ts)))
		return -EFAULT;
	if (to->ts.tv_sec < 0 || to->ts.tv_nsec < 0 ||
	    to->ts.tv_nsec >= 1000000000)
		return -EINVAL;
	return poll_timeout_jiffies(&to->ts);
}

/**
 * poll_time_left() - the part of @to not yet gone, as Linux writes it back
 * @to: from poll_user_timeout()
 * @left: gets it; never negative
 *
 * Returns false for a zero timeout, which Linux leaves as it is.
 */
bool poll_time_left(const struct poll_timeout *to, struct timespec64 *left)
{
	u64 gone = (get_jiffies_64() - to->start) * (1000000000 / HZ);
	u64 ns = (u64)to->ts.tv_sec * 1000000000 + to->ts.tv_nsec;

	if (!ns)
		return false;
	ns = ns > gone ? ns - gone : 0;
	left->tv_sec = ns / 1000000000;
	left->tv_nsec = ns % 1000000000;
	return true;
}

SYSCALL_DEFINE5(ppoll, struct pollfd __user *, ufds, unsigned int, nfds,
		struct timespec64 __user *, tsp,
		const sigset_t __user *, sigmask, size_t, sigsetsize)
{
	struct poll_timeout to;
	struct timespec64 left;
	long timeout = poll_user_timeout(tsp, &to);
	long ret;

	if (timeout < 0)
		return timeout;
	ret = poll_set_sigmask(sigmask, sigsetsize);
	if (ret)
		return ret;
	ret = do_sys_poll(ufds, nfds, timeout);
	poll_restore_sigmask(ret);
	/* Linux: a timespec it cannot write back turns a restart into EINTR */
	if (tsp && poll_time_left(&to, &left) &&
	    copy_to_user(tsp, &left, sizeof(left)) && ret == -ERESTARTNOHAND)
		ret = -EINTR;
	return ret;
}
