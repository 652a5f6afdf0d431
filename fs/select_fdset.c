// SPDX-License-Identifier: GPL-2.0
/*
 * select(2) and pselect6(2): poll (fs/select.c) over three descriptor
 * bitmaps, with Linux's rules.  Readable means POLLIN, POLLHUP or
 * POLLERR; writable POLLOUT or POLLERR; exceptional POLLPRI.  The result
 * counts set bits (a descriptor both readable and writable counts
 * twice); a bit for a closed descriptor is EBADF; n is capped at the
 * table's size.  select writes the time left back to its timeval,
 * pselect6 to its timespec, as Linux does.
 */
#include <linux/errno.h>
#include <linux/fdtable.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <asm/uaccess.h>

#define POLLIN_SET	(POLLRDNORM | POLLRDBAND | POLLIN | POLLHUP | POLLERR)
#define POLLOUT_SET	(POLLWRBAND | POLLWRNORM | POLLOUT | POLLERR)
#define POLLEX_SET	POLLPRI

#define FDS_WORDS(n)	(((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)

/* in, out, ex as asked, then the three results */
struct fd_sets {
	unsigned long *in, *out, *ex, *res_in, *res_out, *res_ex;
};

static bool fd_isset(const unsigned long *set, int fd)
{
	return (set[fd / BITS_PER_LONG] >> (fd % BITS_PER_LONG)) & 1;
}

static void fd_set_bit(unsigned long *set, int fd)
{
	set[fd / BITS_PER_LONG] |= 1UL << (fd % BITS_PER_LONG);
}

/* every descriptor named must be open */
static int check_fds(const struct fd_sets *s, int n)
{
	int fd;

	for (fd = 0; fd < n; fd++) {
		struct file *f;

		if (!fd_isset(s->in, fd) && !fd_isset(s->out, fd) &&
		    !fd_isset(s->ex, fd))
			continue;
		f = fget(fd);
		if (!f)
			return -EBADF;
		fput(f);
	}
	return 0;
}

/* one pass: the bits of ready descriptors into the results */
static int select_pass(const struct fd_sets *s, int n, poll_table *pt)
{
	int fd, count = 0;

	for (fd = 0; fd < n; fd++) {
		unsigned int want = 0, mask;
		struct file *f;

		if (fd_isset(s->in, fd))
			want |= POLLIN_SET;
		if (fd_isset(s->out, fd))
			want |= POLLOUT_SET;
		if (fd_isset(s->ex, fd))
			want |= POLLEX_SET;
		if (!want)
			continue;
		f = fget(fd);
		if (!f)
			return -EBADF;	/* closed since check_fds() */
		pt->_key = want;
		mask = vfs_poll(f, pt);
		fput(f);
		if ((want & POLLIN_SET) && (mask & POLLIN_SET)) {
			fd_set_bit(s->res_in, fd);
			count++;
			pt->_qproc = NULL;
		}
		if ((want & POLLOUT_SET) && (mask & POLLOUT_SET)) {
			fd_set_bit(s->res_out, fd);
			count++;
			pt->_qproc = NULL;
		}
		if ((want & POLLEX_SET) && (mask & POLLEX_SET)) {
			fd_set_bit(s->res_ex, fd);
			count++;
			pt->_qproc = NULL;
		}
	}
	return count;
}

static int do_select(const struct fd_sets *s, int n, long timeout)
{
	struct poll_wqueues pwq;
	bool timed_out = !timeout;
	int count = check_fds(s, n);

	if (count)
		return count;
	poll_initwait(&pwq);
	if (timed_out)
		pwq.pt._qproc = NULL;
	for (;;) {
		count = select_pass(s, n, &pwq.pt);
		pwq.pt._qproc = NULL;
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

static int get_fd_set(unsigned long *set, const unsigned long __user *uset,
		      size_t bytes)
{
	if (!uset) {
		memset(set, 0, bytes);
		return 0;
	}
	return copy_from_user(set, uset, bytes) ? -EFAULT : 0;
}

static int set_fd_set(unsigned long __user *uset, const unsigned long *set,
		      size_t bytes)
{
	if (!uset)
		return 0;
	return copy_to_user(uset, set, bytes) ? -EFAULT : 0;
}

static int core_sys_select(int n, unsigned long __user *inp,
			   unsigned long __user *outp,
			   unsigned long __user *exp, long timeout)
{
	struct fd_sets s;
	unsigned long *bits;
	size_t bytes;
	int ret;

	if (n < 0)
		return -EINVAL;
	if (n > NR_OPEN_DEFAULT)
		n = NR_OPEN_DEFAULT;
	bytes = FDS_WORDS(n) * sizeof(long);
	bits = kzalloc(bytes ? 6 * bytes : 1, GFP_KERNEL);
	if (!bits)
		return -ENOMEM;
	s.in = bits;
	s.out = (void *)((char *)bits + bytes);
	s.ex = (void *)((char *)bits + 2 * bytes);
	s.res_in = (void *)((char *)bits + 3 * bytes);
	s.res_out = (void *)((char *)bits + 4 * bytes);
	s.res_ex = (void *)((char *)bits + 5 * bytes);
	ret = get_fd_set(s.in, inp, bytes);
	if (!ret)
		ret = get_fd_set(s.out, outp, bytes);
	if (!ret)
		ret = get_fd_set(s.ex, exp, bytes);
	if (!ret)
		ret = do_select(&s, n, timeout);
	if (ret >= 0 && (set_fd_set(inp, s.res_in, bytes) ||
			 set_fd_set(outp, s.res_out, bytes) ||
			 set_fd_set(exp, s.res_ex, bytes)))
		ret = -EFAULT;
	kfree(bits);
	return ret;
}

/* Linux's struct __kernel_old_timeval, select's timeout */
struct select_timeval {
	long tv_sec;
	long tv_usec;
};

SYSCALL_DEFINE5(select, int, n, unsigned long __user *, inp,
		unsigned long __user *, outp, unsigned long __user *, exp,
		struct select_timeval __user *, tvp)
{
	struct poll_timeout to = { .start = get_jiffies_64() };
	struct select_timeval tv;
	struct timespec64 left;
	long timeout = MAX_SCHEDULE_TIMEOUT;
	int ret;

	if (tvp) {
		if (copy_from_user(&tv, tvp, sizeof(tv)))
			return -EFAULT;
		if (tv.tv_sec < 0 || tv.tv_usec < 0 ||
		    tv.tv_usec >= 1000000)
			return -EINVAL;
		to.ts.tv_sec = tv.tv_sec;
		to.ts.tv_nsec = tv.tv_usec * 1000;
		timeout = poll_timeout_jiffies(&to.ts);
	}
	ret = core_sys_select(n, inp, outp, exp, timeout);
	if (tvp && poll_time_left(&to, &left)) {
		tv.tv_sec = left.tv_sec;
		tv.tv_usec = left.tv_nsec / 1000;
		if (copy_to_user(tvp, &tv, sizeof(tv)) &&
		    ret == -ERESTARTNOHAND)
			ret = -EINTR;
	}
	return ret;
}

/* pselect6's sixth argument: the mask and its size */
struct sigset_argpack {
	sigset_t __user *p;
	size_t size;
};

SYSCALL_DEFINE6(pselect6, int, n, unsigned long __user *, inp,
		unsigned long __user *, outp, unsigned long __user *, exp,
		struct timespec64 __user *, tsp, void __user *, sig)
{
	struct sigset_argpack pack = { NULL, 0 };
	struct poll_timeout to;
	struct timespec64 left;
	long timeout = poll_user_timeout(tsp, &to);
	int ret;

	if (timeout < 0)
		return timeout;
	if (sig && copy_from_user(&pack, sig, sizeof(pack)))
		return -EFAULT;
	ret = poll_set_sigmask(pack.p, pack.size);
	if (ret)
		return ret;
	ret = core_sys_select(n, inp, outp, exp, timeout);
	poll_restore_sigmask(ret);
	if (tsp && poll_time_left(&to, &left) &&
	    copy_to_user(tsp, &left, sizeof(left)) && ret == -ERESTARTNOHAND)
		ret = -EINTR;
	return ret;
}
