// SPDX-License-Identifier: GPL-2.0
/*
 * The clock and sleep system calls: clock_gettime, clock_getres,
 * gettimeofday, settimeofday, time, nanosleep, clock_nanosleep and
 * restart_syscall, with Linux's errno values.
 *
 * A sleep is a loop of interruptible tick timeouts until the clock
 * reaches the deadline.  A signal ends it: a relative sleep writes the
 * time left to @rmtp and returns -ERESTART_RESTARTBLOCK, which becomes
 * -EINTR when a handler runs and restart_syscall() (which sleeps on to
 * the same deadline) when none does; an absolute sleep returns
 * -ERESTARTNOHAND and is simply made again.  That is Linux's behaviour.
 */
#include <linux/cred.h>
#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/cputime.h>
#include <linux/signal.h>
#include <linux/syscalls.h>
#include <linux/time.h>
#include <linux/timekeeping.h>
#include <asm/uaccess.h>

#define TICK_NSEC	(NSEC_PER_SEC / HZ)

struct timezone {
	int tz_minuteswest;
	int tz_dsttime;
};

static struct timezone sys_tz;

static int clock_read_ns(clockid_t which, u64 *ns)
{
	switch (which) {
	case CLOCK_REALTIME:
		*ns = ktime_get_real_ns();
		return 0;
	case CLOCK_REALTIME_COARSE:
		*ns = ktime_get_real_ns() / TICK_NSEC * TICK_NSEC;
		return 0;
	case CLOCK_MONOTONIC:
	case CLOCK_MONOTONIC_RAW:
		*ns = ktime_get_ns();
		return 0;
	case CLOCK_MONOTONIC_COARSE:
		*ns = ktime_get_ns() / TICK_NSEC * TICK_NSEC;
		return 0;
	case CLOCK_BOOTTIME:
		*ns = ktime_get_boottime_ns();
		return 0;
	case CLOCK_PROCESS_CPUTIME_ID:
	case CLOCK_THREAD_CPUTIME_ID:
		/* one thread per process: the same time */
		*ns = task_sched_runtime(current);
		return 0;
	default:
		return -EINVAL;
	}
}

static int put_timespec_ns(u64 ns, struct __kernel_timespec __user *u)
{
	struct __kernel_timespec ts = {
		.tv_sec = ns / NSEC_PER_SEC,
		.tv_nsec = ns % NSEC_PER_SEC,
	};

	return copy_to_user(u, &ts, sizeof(ts)) ? -EFAULT : 0;
}

/* a valid timespec from user space, in ns; -EFAULT or -EINVAL */
static int get_timespec_ns(const struct __kernel_timespec __user *u, u64 *ns)
{
	struct __kernel_timespec ts;

	if (copy_from_user(&ts, u, sizeof(ts)))
		return -EFAULT;
	if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= (long long)NSEC_PER_SEC)
		return -EINVAL;
	if ((u64)ts.tv_sec >= U64_MAX / NSEC_PER_SEC)
		*ns = U64_MAX;
	else
		*ns = ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
	return 0;
}

SYSCALL_DEFINE2(clock_gettime, clockid_t, which,
		struct __kernel_timespec __user *, tp)
{
	u64 ns;
	int err = clock_read_ns(which, &ns);

	return err ? err : put_timespec_ns(ns, tp);
}

SYSCALL_DEFINE2(clock_getres, clockid_t, which,
		struct __kernel_timespec __user *, tp)
{
	u64 ns;
	int err = clock_read_ns(which, &ns);

	if (err)
		return err;
	if (which == CLOCK_REALTIME_COARSE || which == CLOCK_MONOTONIC_COARSE)
		ns = TICK_NSEC;
	else
		ns = 1;
	return tp ? put_timespec_ns(ns, tp) : 0;
}

SYSCALL_DEFINE2(gettimeofday, struct __kernel_old_timeval __user *, tv,
		struct timezone __user *, tz)
{
	if (tv) {
		u64 ns = ktime_get_real_ns();
		struct __kernel_old_timeval v = {
			.tv_sec = ns / NSEC_PER_SEC,
			.tv_usec = ns % NSEC_PER_SEC / NSEC_PER_USEC,
		};

		if (copy_to_user(tv, &v, sizeof(v)))
			return -EFAULT;
	}
	if (tz && copy_to_user(tz, &sys_tz, sizeof(sys_tz)))
		return -EFAULT;
	return 0;
}

SYSCALL_DEFINE2(settimeofday, struct __kernel_old_timeval __user *, tv,
		struct timezone __user *, tz)
{
	struct __kernel_old_timeval v;
	struct timezone z;

	if (tv) {
		if (copy_from_user(&v, tv, sizeof(v)))
			return -EFAULT;
		if (v.tv_sec < 0 || v.tv_usec < 0 || v.tv_usec >= 1000000)
			return -EINVAL;
	}
	if (tz) {
		if (copy_from_user(&z, tz, sizeof(z)))
			return -EFAULT;
		if (z.tz_minuteswest > 15 * 60 || z.tz_minuteswest < -15 * 60)
			return -EINVAL;
	}
	if (!capable(CAP_SYS_TIME))
		return -EPERM;
	if (tz)
		sys_tz = z;
	if (tv)
		timekeeping_set_real_ns(v.tv_sec * NSEC_PER_SEC +
					v.tv_usec * NSEC_PER_USEC);
	return 0;
}

SYSCALL_DEFINE1(time, long __user *, tloc)
{
	long t = ktime_get_real_ns() / NSEC_PER_SEC;

	if (tloc && copy_to_user(tloc, &t, sizeof(t)))
		return -EFAULT;
	return t;
}

/* sleep until monotonic time @deadline; 0, or -EINTR for a signal */
static int sleep_until(u64 deadline)
{
	u64 now;

	for (;;) {
		now = ktime_get_ns();
		if (now >= deadline)
			return 0;
		if (signal_pending(current))
			return -EINTR;
		schedule_timeout_interruptible(DIV_ROUND_UP(deadline - now,
							    TICK_NSEC));
	}
}

/* a relative sleep to @deadline, restartable through restart_syscall */
static long sleep_relative(u64 deadline, struct __kernel_timespec __user *rmtp)
{
	u64 now;

	if (!sleep_until(deadline))
		return 0;
	now = ktime_get_ns();
	if (rmtp && put_timespec_ns(deadline > now ? deadline - now : 0, rmtp))
		return -EFAULT;
	current->nanosleep_restart.deadline = deadline;
	current->nanosleep_restart.rmtp = (void __user *)rmtp;
	current->nanosleep_restart.armed = true;
	return -ERESTART_RESTARTBLOCK;
}

static long do_clock_nanosleep(clockid_t which, int flags, u64 req,
			       struct __kernel_timespec __user *rmtp)
{
	u64 now, offset;
	int err;

	if (which == CLOCK_PROCESS_CPUTIME_ID || which == CLOCK_THREAD_CPUTIME_ID)
		return which == CLOCK_THREAD_CPUTIME_ID ? -EINVAL : -EOPNOTSUPP;
	if (which != CLOCK_REALTIME && which != CLOCK_MONOTONIC &&
	    which != CLOCK_BOOTTIME)
		return -EINVAL;
	now = ktime_get_ns();
	if (!(flags & TIMER_ABSTIME))
		return sleep_relative(req > U64_MAX - now ? U64_MAX : now + req,
				      rmtp);
	/* an absolute wall-clock time: its distance from now, in monotonic */
	offset = which == CLOCK_REALTIME ? ktime_get_real_ns() - now : 0;
	err = sleep_until(req > offset ? req - offset : 0);
	return err ? -ERESTARTNOHAND : 0;
}

SYSCALL_DEFINE2(nanosleep, struct __kernel_timespec __user *, rqtp,
		struct __kernel_timespec __user *, rmtp)
{
	u64 req;
	int err = get_timespec_ns(rqtp, &req);

	return err ? err : do_clock_nanosleep(CLOCK_MONOTONIC, 0, req, rmtp);
}

SYSCALL_DEFINE4(clock_nanosleep, clockid_t, which, int, flags,
		struct __kernel_timespec __user *, rqtp,
		struct __kernel_timespec __user *, rmtp)
{
	u64 req;
	int err = get_timespec_ns(rqtp, &req);

	return err ? err : do_clock_nanosleep(which, flags, req, rmtp);
}

/*
 * Made by the signal code, never by a program on purpose: goes on with
 * the interrupted sleep.  With none to go on with, -EINTR, as Linux's
 * do_no_restart_syscall().
 */
SYSCALL_DEFINE0(restart_syscall)
{
	struct nanosleep_restart *r = &current->nanosleep_restart;

	if (!r->armed)
		return -EINTR;
	r->armed = false;
	return sleep_relative(r->deadline, r->rmtp);
}
