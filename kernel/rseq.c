// SPDX-License-Identifier: GPL-2.0
/*
 * Restartable sequences, with Linux 6.1's ABI and rules
 * (Documentation/userspace/rseq.rst).
 *
 * A task registers a struct rseq in its memory.  The scheduler and signal
 * delivery record events in current->rseq_event_mask and ask for the
 * notify-resume work; before the task next runs user code,
 * rseq_handle_notify_resume() then (1) looks at the critical section
 * rseq_cs names: if the interrupted instruction lies inside it and an
 * event happened, the instruction pointer moves to its abort handler and
 * rseq_cs is cleared, and (2) writes the current CPU into cpu_id_start
 * and cpu_id.  Every access to the area may fault: the task then gets
 * SIGSEGV, as in Linux.
 *
 * Only the task itself touches its area, with interrupts on and no lock
 * held (the accesses may fault pages in).  The scheduler only sets bits,
 * atomically, in the task's event mask and notify flag.
 */
#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/rseq.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/signal.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <asm/ptrace.h>
#include <asm/uaccess.h>

static void rseq_set_event(struct task_struct *t, unsigned int bit)
{
	__atomic_fetch_or(&t->rseq_event_mask, 1UL << bit, __ATOMIC_RELAXED);
	if (t->rseq)
		set_notify_resume(t);
}

/**
 * rseq_preempt() - @t is being switched out
 * @t: the task, on its CPU with the run queue locked
 */
void rseq_preempt(struct task_struct *t)
{
	rseq_set_event(t, RSEQ_EVENT_PREEMPT_BIT);
}

/**
 * rseq_migrate() - @t is being moved to another CPU
 * @t: the task, not running
 */
void rseq_migrate(struct task_struct *t)
{
	rseq_set_event(t, RSEQ_EVENT_MIGRATE_BIT);
}

/* cpu_id_start and cpu_id of current's area: the CPU it runs on now */
static int rseq_update_cpu_id(struct task_struct *t)
{
	u32 cpu = smp_processor_id();

	if (put_user(cpu, &t->rseq->cpu_id_start) ||
	    put_user(cpu, &t->rseq->cpu_id))
		return -EFAULT;
	return 0;
}

/* what unregistration leaves: Linux's "not registered" values */
static int rseq_reset_cpu_id(struct task_struct *t)
{
	u32 start = 0, cpu = (u32)RSEQ_CPU_ID_UNINITIALIZED;

	if (put_user(start, &t->rseq->cpu_id_start) ||
	    put_user(cpu, &t->rseq->cpu_id))
		return -EFAULT;
	return 0;
}

/*
 * printk_ratelimited()'s default, for a message any program can cause:
 * 10 in 5 seconds, then nothing until the window ends.  Racy between
 * CPUs by design: a message more or less does not matter.
 */
static bool rseq_warn_allowed(void)
{
	static u64 window_start;
	static unsigned int printed;
	u64 now = get_jiffies_64();

	if (!window_start || time_after_eq64(now, window_start + 5 * HZ)) {
		window_start = now ? now : 1;
		printed = 0;
	}
	return printed++ < 10;
}

/*
 * The descriptor rseq_cs points to, checked as Linux checks it: all of
 * it in the user half, version 0, no wrap-around, abort_ip outside the
 * section, and the registered signature in the 4 bytes before abort_ip.
 * A NULL rseq_cs gives an all-zero descriptor (an empty section).
 */
static int rseq_get_rseq_cs(struct task_struct *t, struct rseq_cs *cs)
{
	u64 ptr;
	u32 sig;
	u32 __user *usig;

	if (get_user(ptr, &t->rseq->rseq_cs))
		return -EFAULT;
	if (!ptr) {
		memset(cs, 0, sizeof(*cs));
		return 0;
	}
	if (ptr >= TASK_SIZE_MAX)
		return -EINVAL;
	if (copy_from_user(cs, (const void __user *)(unsigned long)ptr,
			   sizeof(*cs)))
		return -EFAULT;
	if (cs->start_ip >= TASK_SIZE_MAX ||
	    cs->start_ip + cs->post_commit_offset >= TASK_SIZE_MAX ||
	    cs->abort_ip >= TASK_SIZE_MAX || cs->version > 0)
		return -EINVAL;
	if (cs->start_ip + cs->post_commit_offset < cs->start_ip)
		return -EINVAL;
	if (cs->abort_ip - cs->start_ip < cs->post_commit_offset)
		return -EINVAL;
	usig = (u32 __user *)(unsigned long)(cs->abort_ip - sizeof(u32));
	if (get_user(sig, usig))
		return -EFAULT;
	if (sig != t->rseq_sig) {
		if (rseq_warn_allowed())
			pr_warn("Possible attack attempt. Unexpected rseq signature 0x%x, expecting 0x%x (pid=%d, addr=%px).\n",
				sig, t->rseq_sig, t->pid, usig);
		return -EINVAL;
	}
	return 0;
}

/* Linux 6.0 made the NO_RESTART flags an error, and any unknown one too */
static bool rseq_warn_flags(const char *where, u32 flags)
{
	static bool warned_deprecated, warned_unknown;

	if (!flags)
		return false;
	if ((flags & RSEQ_CS_NO_RESTART_FLAGS) && !warned_deprecated) {
		warned_deprecated = true;
		pr_warn("Deprecated flags (%u) in %s ABI structure\n",
			flags & RSEQ_CS_NO_RESTART_FLAGS, where);
	}
	if ((flags & ~RSEQ_CS_NO_RESTART_FLAGS) && !warned_unknown) {
		warned_unknown = true;
		pr_warn("Unknown flags (%u) in %s ABI structure\n",
			flags & ~RSEQ_CS_NO_RESTART_FLAGS, where);
	}
	return true;
}

/* 1 to abort the section, 0 to let it go on, or -errno */
static int rseq_need_restart(struct task_struct *t, u32 cs_flags)
{
	u32 flags;

	if (rseq_warn_flags("rseq_cs", cs_flags))
		return -EINVAL;
	if (get_user(flags, &t->rseq->flags))
		return -EFAULT;
	if (rseq_warn_flags("rseq", flags))
		return -EINVAL;
	/* consumed whole: the events up to now are answered by this restart */
	return !!__atomic_exchange_n(&t->rseq_event_mask, 0, __ATOMIC_RELAXED);
}

/* the section is over (or was never entered): forget it, lazily */
static int rseq_clear_cs(struct rseq __user *rseq)
{
	u64 none = 0;

	return put_user(none, &rseq->rseq_cs);
}

static bool rseq_in_cs(unsigned long ip, const struct rseq_cs *cs)
{
	/* unsigned: an ip below start_ip wraps to a huge offset */
	return ip - cs->start_ip < cs->post_commit_offset;
}

/* move an interrupted critical section to its abort handler */
static int rseq_ip_fixup(struct pt_regs *regs)
{
	struct task_struct *t = current;
	struct rseq_cs cs;
	int ret;

	ret = rseq_get_rseq_cs(t, &cs);
	if (ret)
		return ret;
	if (!rseq_in_cs(regs->ip, &cs))
		return rseq_clear_cs(t->rseq);
	ret = rseq_need_restart(t, cs.flags);
	if (ret <= 0)
		return ret;
	ret = rseq_clear_cs(t->rseq);
	if (ret)
		return ret;
	regs->ip = cs.abort_ip;
	return 0;
}

/**
 * rseq_handle_notify_resume() - bring current's rseq area up to date
 * @ksig: the signal being delivered, or NULL on a plain return
 * @regs: the user registers current returns to
 *
 * With interrupts on, no lock held.  A fault or a bad descriptor gives
 * SIGSEGV (the handler of @ksig's signal cannot run either).
 */
void rseq_handle_notify_resume(struct ksignal *ksig, struct pt_regs *regs)
{
	struct task_struct *t = current;

	if (!t->rseq)
		return;
	if (rseq_ip_fixup(regs) < 0 || rseq_update_cpu_id(t))
		force_sigsegv(ksig ? ksig->sig : 0);
}

/**
 * rseq_signal_deliver() - a handler's frame is about to be built
 * @ksig: the signal
 * @regs: the interrupted user registers, which the frame will save
 *
 * The frame must save the abort handler, not an instruction inside an
 * interrupted section, so the fix-up happens now.
 */
void rseq_signal_deliver(struct ksignal *ksig, struct pt_regs *regs)
{
	struct task_struct *t = current;

	__atomic_fetch_or(&t->rseq_event_mask, 1UL << RSEQ_EVENT_SIGNAL_BIT,
			  __ATOMIC_RELAXED);
	rseq_handle_notify_resume(ksig, regs);
}

/**
 * rseq_fork() - the child's registration
 * @t: the child, not yet running
 * @clone_flags: as given to clone
 *
 * A child with its own copy of the memory keeps the parent's area (its
 * copy is at the same address); one sharing the memory (vfork) starts
 * unregistered, as in Linux.
 */
void rseq_fork(struct task_struct *t, u64 clone_flags)
{
	struct task_struct *cur = current;

	if (clone_flags & CLONE_VM) {
		t->rseq = NULL;
		t->rseq_len = 0;
		t->rseq_sig = 0;
		t->rseq_event_mask = 0;
		return;
	}
	t->rseq = cur->rseq;
	t->rseq_len = cur->rseq_len;
	t->rseq_sig = cur->rseq_sig;
	t->rseq_event_mask = __atomic_load_n(&cur->rseq_event_mask,
					     __ATOMIC_RELAXED);
	/* its first run is a migration, as Linux's wake_up_new_task() says */
	rseq_migrate(t);
}

/**
 * rseq_execve() - exec: the old area went with the old memory
 * @t: current
 */
void rseq_execve(struct task_struct *t)
{
	t->rseq = NULL;
	t->rseq_len = 0;
	t->rseq_sig = 0;
	__atomic_store_n(&t->rseq_event_mask, 0, __ATOMIC_RELAXED);
}

static long rseq_unregister(struct rseq __user *rseq, u32 rseq_len, u32 sig)
{
	struct task_struct *t = current;
	int ret;

	if (!t->rseq || t->rseq != rseq || rseq_len != t->rseq_len)
		return -EINVAL;
	if (sig != t->rseq_sig)
		return -EPERM;
	ret = rseq_reset_cpu_id(t);
	if (ret)
		return ret;
	t->rseq = NULL;
	t->rseq_len = 0;
	t->rseq_sig = 0;
	return 0;
}

/*
 * rseq(rseq, rseq_len, flags, sig): register current's area, or with
 * RSEQ_FLAG_UNREGISTER drop it.  Linux 6.1's answers: a second
 * registration with the same arguments is -EBUSY, with another area or
 * length -EINVAL, with another signature -EPERM; a new area must be
 * 32-byte aligned and exactly 32 bytes (-EINVAL) in the user half
 * (-EFAULT).  A stale rseq_cs in the new area (a C library reusing one)
 * is cleared, and an area that cannot be read, or written when there is
 * such a stale value, is -EFAULT, as in Linux 6.1's stable updates
 * ("rseq: Fix segfault on registration when rseq_cs is non-zero";
 * checked on Debian's 6.1.192).  cpu_id_start and cpu_id are written on
 * the way out; a fault then is a SIGSEGV.
 */
SYSCALL_DEFINE4(rseq, struct rseq __user *, rseq, u32, rseq_len, int, flags,
		u32, sig)
{
	struct task_struct *t = current;
	u64 stale_cs;

	if (flags & RSEQ_FLAG_UNREGISTER) {
		if (flags & ~RSEQ_FLAG_UNREGISTER)
			return -EINVAL;
		return rseq_unregister(rseq, rseq_len, sig);
	}
	if (flags)
		return -EINVAL;
	if (t->rseq) {
		if (t->rseq != rseq || rseq_len != t->rseq_len)
			return -EINVAL;
		if (sig != t->rseq_sig)
			return -EPERM;
		return -EBUSY;
	}
	if (!IS_ALIGNED((unsigned long)rseq, __alignof__(*rseq)) ||
	    rseq_len != sizeof(*rseq))
		return -EINVAL;
	if (!access_ok(rseq, rseq_len))
		return -EFAULT;
	if (get_user(stale_cs, &rseq->rseq_cs))
		return -EFAULT;
	if (stale_cs && rseq_clear_cs(rseq))
		return -EFAULT;
	t->rseq = rseq;
	t->rseq_len = rseq_len;
	t->rseq_sig = sig;
	/* the CPU numbers are owed before user mode reads them */
	set_notify_resume(t);
	return 0;
}
