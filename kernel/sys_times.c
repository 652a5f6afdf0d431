// SPDX-License-Identifier: GPL-2.0
/*
 * times() and getrusage(): a process's CPU time and that of the children
 * it waited for (kernel/sched/cputime.c), in Linux's structures; and the
 * struct rusage that wait4() fills for the child it reaps.
 *
 * As Linux 6.1: clock_t counts USER_HZ (100) per second; times() returns
 * the ticks since boot in those units (Linux starts its count 300 s
 * before the 32-bit wrap, cachet at 0: only differences mean anything);
 * RUSAGE_THREAD is RUSAGE_SELF (one thread per process); ru_maxrss is in
 * KiB.  cachet counts no page faults (ru_minflt and ru_majflt are 0), no
 * block I/O and no signals; the other fields are 0 in Linux too.
 */
#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/sched/cputime.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <linux/time.h>
#include <linux/timekeeping.h>
#include <asm/uaccess.h>

#define USER_HZ		100
#define RUSAGE_SELF	0
#define RUSAGE_CHILDREN	(-1)
#define RUSAGE_THREAD	1

/* Linux's struct tms: clock_t is a long */
struct tms {
	long tms_utime;
	long tms_stime;
	long tms_cutime;
	long tms_cstime;
};

/* Linux's struct rusage on x86-64: 144 bytes */
struct rusage {
	struct __kernel_old_timeval ru_utime;
	struct __kernel_old_timeval ru_stime;
	long ru_maxrss;
	long ru_ixrss;
	long ru_idrss;
	long ru_isrss;
	long ru_minflt;
	long ru_majflt;
	long ru_nswap;
	long ru_inblock;
	long ru_oublock;
	long ru_msgsnd;
	long ru_msgrcv;
	long ru_nsignals;
	long ru_nvcsw;
	long ru_nivcsw;
};

_Static_assert(sizeof(struct rusage) == 144, "Linux's struct rusage");

static long ns_to_clock_t(u64 ns)
{
	return ns / (NSEC_PER_SEC / USER_HZ);
}

static void ns_to_timeval(u64 ns, struct __kernel_old_timeval *tv)
{
	tv->tv_sec = ns / NSEC_PER_SEC;
	tv->tv_usec = ns % NSEC_PER_SEC / NSEC_PER_USEC;
}

/**
 * put_rusage() - @u as Linux's struct rusage at @ru
 * @u: the usage
 * @ru: user pointer to 144 bytes
 *
 * Returns 0 or -EFAULT.
 */
int put_rusage(const struct task_usage *u, void __user *ru)
{
	struct rusage r;

	memset(&r, 0, sizeof(r));
	ns_to_timeval(u->utime, &r.ru_utime);
	ns_to_timeval(u->stime, &r.ru_stime);
	r.ru_maxrss = u->maxrss;
	r.ru_nvcsw = u->nvcsw;
	r.ru_nivcsw = u->nivcsw;
	return copy_to_user(ru, &r, sizeof(r)) ? -EFAULT : 0;
}

SYSCALL_DEFINE1(times, struct tms __user *, tbuf)
{
	struct task_usage self, children;
	struct tms t;

	if (tbuf) {
		task_usage_self(current, &self);
		task_usage_children(current, &children);
		t.tms_utime = ns_to_clock_t(self.utime);
		t.tms_stime = ns_to_clock_t(self.stime);
		t.tms_cutime = ns_to_clock_t(children.utime);
		t.tms_cstime = ns_to_clock_t(children.stime);
		if (copy_to_user(tbuf, &t, sizeof(t)))
			return -EFAULT;
	}
	return get_jiffies_64() * USER_HZ / HZ;
}

SYSCALL_DEFINE2(getrusage, int, who, struct rusage __user *, ru)
{
	struct task_usage u;

	if (who != RUSAGE_SELF && who != RUSAGE_CHILDREN &&
	    who != RUSAGE_THREAD)
		return -EINVAL;
	if (who == RUSAGE_CHILDREN)
		task_usage_children(current, &u);
	else
		task_usage_self(current, &u);
	return put_rusage(&u, ru);
}
