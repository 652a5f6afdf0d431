// SPDX-License-Identifier: GPL-2.0
/*
 * ITIMER_REAL and alarm(): one timer per process that sends SIGALRM
 * (SI_KERNEL, as Linux's) when monotonic time reaches its deadline, and
 * re-arms itself by the interval.  The timer ticks in jiffies: it fires
 * at the first tick at or after the deadline, never before.
 *
 * ITIMER_VIRTUAL and ITIMER_PROF count the process's CPU time as the
 * tick samples it (kernel/sched/cputime.c): user time, and user plus
 * system time.  The tick that takes one past its expiry sends SIGVTALRM
 * or SIGPROF and moves the expiry on by the interval.  As in Linux 6.1,
 * a new expiry is one tick later than asked (set_cpu_itimer()), and one
 * due but not yet sent reads as one tick left.  They are only set and
 * read by the task itself and checked by the tick on its CPU, so
 * interrupts off is their lock.
 *
 * The timers are the process's own: fork does not pass them on, execve
 * keeps them, exit stops them (exit_itimers()).
 */
#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/cputime.h>
#include <linux/signal.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>
#include <linux/time.h>
#include <linux/timekeeping.h>
#include <linux/timer.h>
#include <asm/uaccess.h>

#define ITIMER_REAL	0
#define ITIMER_VIRTUAL	1
#define ITIMER_PROF	2

#define TICK_NSEC	(NSEC_PER_SEC / HZ)

struct __kernel_old_itimerval {
	struct __kernel_old_timeval it_interval;
	struct __kernel_old_timeval it_value;
};

/* the deadlines and the interval; the timers of every task */
static DEFINE_SPINLOCK(itimer_lock);

/* jiffies for @ns from now, late rather than early */
static u64 expires_in(u64 ns)
{
	return get_jiffies_64() + DIV_ROUND_UP(ns, TICK_NSEC) + 1;
}

static void it_real_fn(struct timer_list *timer)
{
	struct itimer_real *it = container_of(timer, struct itimer_real, timer);
	struct task_struct *t = container_of(it, struct task_struct, it_real);
	unsigned long flags;

	/* the new state first: the woken task may read it at once */
	spin_lock_irqsave(&itimer_lock, flags);
	if (!list_empty(&it->timer.entry)) {
		/* setitimer() armed it again meanwhile: that one stands */
	} else if (it->incr_ns) {
		it->deadline_ns += it->incr_ns;
		mod_timer(&it->timer, expires_in(it->incr_ns));
	} else {
		it->deadline_ns = 0;
	}
	spin_unlock_irqrestore(&itimer_lock, flags);
	send_sig(SIGALRM, t, 1);
}

/* the time left and the interval, in ns; lock held */
static void it_real_get(struct itimer_real *it, u64 *left, u64 *incr)
{
	u64 now = ktime_get_ns();

	*incr = it->incr_ns;
	if (!it->deadline_ns)
		*left = 0;
	else	/* due but not yet sent: Linux reports a microsecond */
		*left = it->deadline_ns > now ? it->deadline_ns - now :
						NSEC_PER_USEC;
}

/* arm (@value non-zero) or stop the caller's timer; the old one back */
static void it_real_set(u64 value, u64 incr, u64 *old_left, u64 *old_incr)
{
	struct itimer_real *it = &current->it_real;
	unsigned long flags;

	spin_lock_irqsave(&itimer_lock, flags);
	if (!it->timer.function)
		timer_setup(&it->timer, it_real_fn, 0);
	it_real_get(it, old_left, old_incr);
	del_timer(&it->timer);
	it->incr_ns = value ? incr : 0;
	it->deadline_ns = value ? ktime_get_ns() + value : 0;
	if (value)
		mod_timer(&it->timer, expires_in(value));
	spin_unlock_irqrestore(&itimer_lock, flags);
}

/**
 * exit_itimers() - stop @t's timers; from exit, before @t goes
 * @t: the exiting task
 */
void exit_itimers(struct task_struct *t)
{
	unsigned long flags;

	if (!t->it_real.timer.function)
		return;
	spin_lock_irqsave(&itimer_lock, flags);
	t->it_real.incr_ns = 0;
	t->it_real.deadline_ns = 0;
	spin_unlock_irqrestore(&itimer_lock, flags);
	/* with no interval, a running function does not re-arm it */
	del_timer_sync(&t->it_real.timer);
}

/* the CPU time @which counts for @t, as the tick sampled it; irqs off */
static u64 itimer_cpu_sample(const struct task_struct *t, int which)
{
	return which == ITIMER_VIRTUAL ? t->utime : t->utime + t->stime;
}

static struct itimer_cpu *itimer_cpu_of(struct task_struct *t, int which)
{
	return which == ITIMER_VIRTUAL ? &t->it_virt : &t->it_prof;
}

/* the time left of a CPU-time timer, and its interval; irqs off */
static void it_cpu_get(struct task_struct *t, int which, u64 *left,
		       u64 *incr)
{
	struct itimer_cpu *it = itimer_cpu_of(t, which);
	u64 now = itimer_cpu_sample(t, which);

	*incr = it->incr;
	if (!it->expires)
		*left = 0;
	else	/* due at the next tick */
		*left = it->expires > now ? it->expires - now : TICK_NSEC;
}

static void it_cpu_set(int which, u64 value, u64 incr, u64 *old_left,
		       u64 *old_incr)
{
	struct task_struct *t = current;
	struct itimer_cpu *it = itimer_cpu_of(t, which);
	unsigned long flags;

	local_irq_save(flags);
	it_cpu_get(t, which, old_left, old_incr);
	it->expires = value ? itimer_cpu_sample(t, which) + value + TICK_NSEC :
			      0;
	it->incr = incr;
	local_irq_restore(flags);
}

static void it_cpu_check(struct task_struct *t, struct itimer_cpu *it,
			 u64 now, int sig)
{
	if (!it->expires || now < it->expires)
		return;
	it->expires = it->incr ? it->expires + it->incr : 0;
	send_sig(sig, t, 1);
}

/**
 * itimer_cpu_tick() - the tick charged a tick to @t: any timer due?
 * @t: current
 * @user_tick: the tick was charged to user time
 *
 * From the tick, interrupts off, after the charge.
 */
void itimer_cpu_tick(struct task_struct *t, bool user_tick)
{
	if (user_tick)
		it_cpu_check(t, &t->it_virt, t->utime, SIGVTALRM);
	it_cpu_check(t, &t->it_prof, t->utime + t->stime, SIGPROF);
}

static void ns_to_tv(u64 ns, struct __kernel_old_timeval *tv)
{
	tv->tv_sec = ns / NSEC_PER_SEC;
	tv->tv_usec = ns % NSEC_PER_SEC / NSEC_PER_USEC;
}

static int tv_to_ns(const struct __kernel_old_timeval *tv, u64 *ns)
{
	if (tv->tv_sec < 0 || tv->tv_usec < 0 || tv->tv_usec >= 1000000)
		return -EINVAL;
	*ns = (u64)tv->tv_sec * NSEC_PER_SEC + tv->tv_usec * NSEC_PER_USEC;
	return 0;
}

static int put_itimerval(u64 left, u64 incr,
			 struct __kernel_old_itimerval __user *u)
{
	struct __kernel_old_itimerval v;

	ns_to_tv(incr, &v.it_interval);
	ns_to_tv(left, &v.it_value);
	return copy_to_user(u, &v, sizeof(v)) ? -EFAULT : 0;
}

SYSCALL_DEFINE2(getitimer, int, which,
		struct __kernel_old_itimerval __user *, value)
{
	unsigned long flags;
	u64 left, incr;

	if (which == ITIMER_VIRTUAL || which == ITIMER_PROF) {
		local_irq_save(flags);
		it_cpu_get(current, which, &left, &incr);
		local_irq_restore(flags);
		return put_itimerval(left, incr, value);
	}
	if (which != ITIMER_REAL)
		return -EINVAL;
	spin_lock_irqsave(&itimer_lock, flags);
	it_real_get(&current->it_real, &left, &incr);
	spin_unlock_irqrestore(&itimer_lock, flags);
	return put_itimerval(left, incr, value);
}

SYSCALL_DEFINE3(setitimer, int, which,
		struct __kernel_old_itimerval __user *, value,
		struct __kernel_old_itimerval __user *, ovalue)
{
	struct __kernel_old_itimerval v = { { 0, 0 }, { 0, 0 } };
	u64 value_ns, incr_ns, left, incr;

	/* a NULL new value stops the timer, as Linux 6.1 does */
	if (value && copy_from_user(&v, value, sizeof(v)))
		return -EFAULT;
	if (which != ITIMER_REAL && which != ITIMER_VIRTUAL &&
	    which != ITIMER_PROF)
		return -EINVAL;
	if (tv_to_ns(&v.it_value, &value_ns) ||
	    tv_to_ns(&v.it_interval, &incr_ns))
		return -EINVAL;
	if (which == ITIMER_REAL)
		it_real_set(value_ns, incr_ns, &left, &incr);
	else
		it_cpu_set(which, value_ns, incr_ns, &left, &incr);
	return ovalue ? put_itimerval(left, incr, ovalue) : 0;
}

SYSCALL_DEFINE1(alarm, unsigned int, seconds)
{
	u64 left, incr;
	unsigned int secs;

	it_real_set((u64)seconds * NSEC_PER_SEC, 0, &left, &incr);
	/* Linux rounds to the nearest second, and never reports 0 when armed */
	secs = (left + NSEC_PER_SEC / 2) / NSEC_PER_SEC;
	return left && !secs ? 1 : secs;
}
