// SPDX-License-Identifier: GPL-2.0
/*
 * Signals: actions, masks, pending sets, sending, and choosing what to do
 * on the way back to user mode.  See include/linux/signal.h for the rules.
 */
#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/uaccess.h>

/* what SIG_DFL does (Linux's classes, signal(7)) */
#define SIG_DFL_IGNORE	(sigmask(SIGCHLD) | sigmask(SIGURG) | \
			 sigmask(SIGWINCH) | sigmask(SIGCONT))
#define SIG_DFL_STOP	(sigmask(SIGSTOP) | sigmask(SIGTSTP) | \
			 sigmask(SIGTTIN) | sigmask(SIGTTOU))

static bool sig_dfl_ignores(int sig)
{
	return sig < SIGRTMIN && (sigmask(sig) & SIG_DFL_IGNORE);
}

static bool sig_dfl_stops(int sig)
{
	return sig < SIGRTMIN && (sigmask(sig) & SIG_DFL_STOP);
}

static struct k_sigaction *sig_action(struct task_struct *t, int sig)
{
	return &t->sighand->action[sig - 1];
}

/* would @t throw @sig away on arrival? */
static bool sig_ignored(struct task_struct *t, int sig)
{
	__sighandler_t h;

	/* blocked (for rt_sigtimedwait: blocked before it waited) signals
	 * may yet be taken or get another action */
	if (sigismember(&t->blocked, sig) || sigismember(&t->real_blocked, sig))
		return false;
	h = sig_action(t, sig)->sa.sa_handler;
	/* init gets only what it handles: not even SIGKILL or SIGSTOP */
	if (is_global_init(t) && h == SIG_DFL)
		return true;
	return h == SIG_IGN || (h == SIG_DFL && sig_dfl_ignores(sig));
}

/**
 * unhandled_signal() - would @sig end @t rather than run a handler?
 * @t: the task
 * @sig: the signal
 *
 * For the fault reports, printed only when the fault is fatal.
 */
bool unhandled_signal(struct task_struct *t, int sig)
{
	__sighandler_t h = sig_action(t, sig)->sa.sa_handler;

	return h == SIG_DFL || h == SIG_IGN;
}

/**
 * signal_pending() - has @t a signal it does not block?
 * @t: the task
 */
bool signal_pending(struct task_struct *t)
{
	return (__atomic_load_n(&t->pending.signal.sig[0], __ATOMIC_RELAXED) &
		~t->blocked.sig[0]) != 0;
}

/* queue one; the caller holds the siglock */
static int queue_signal(struct task_struct *t, int sig, const siginfo_t *info)
{
	struct sigpending *p = &t->pending;
	struct sigqueue *q;

	if (sig < SIGRTMIN && sigismember(&p->signal, sig))
		return 0;	/* standard signals do not queue */
	q = kmalloc(sizeof(*q), GFP_ATOMIC);
	if (!q) {
		/* a standard signal still arrives, without its siginfo */
		if (sig >= SIGRTMIN)
			return -EAGAIN;
	} else {
		q->info = *info;
		list_add_tail(&q->list, &p->list);
	}
	__atomic_fetch_or(&p->signal.sig[0], sigmask(sig), __ATOMIC_RELAXED);
	return 0;
}

/* the stop and continue signals cancel each other, as they arrive */
static void prepare_signal(struct task_struct *t, int sig)
{
	if (sig_dfl_stops(sig))
		sigdelset(&t->pending.signal, SIGCONT);
	if (sig == SIGCONT || sig == SIGKILL) {
		t->pending.signal.sig[0] &= ~SIG_DFL_STOP;
		task_continue(t);
	}
}

/**
 * send_sig_info() - send @sig to @t
 * @sig: 1.._NSIG; 0 sends nothing (the existence check of kill())
 * @info: what the receiver's siginfo says
 * @t: the receiver
 *
 * Returns 0 or -EAGAIN (no memory for a real-time signal's siginfo).
 */
int send_sig_info(int sig, const siginfo_t *info, struct task_struct *t)
{
	unsigned long flags;
	int ret = 0;

	if (!sig)
		return 0;
	spin_lock_irqsave(&t->sighand->siglock, flags);
	prepare_signal(t, sig);
	if (!sig_ignored(t, sig))
		ret = queue_signal(t, sig, info);
	spin_unlock_irqrestore(&t->sighand->siglock, flags);
	if (!ret && signal_pending(t))
		signal_wake_up(t, sig == SIGKILL);
	return ret;
}

/**
 * send_sig() - send @sig to @t with the siginfo of a kill()
 * @priv: nonzero when the kernel sends it (si_code SI_KERNEL)
 */
int send_sig(int sig, struct task_struct *t, int priv)
{
	siginfo_t info;

	memset(&info, 0, sizeof(info));
	info.si_signo = sig;
	info.si_code = priv ? SI_KERNEL : SI_USER;
	if (!priv)
		info.si_pid = current->pid;
	return send_sig_info(sig, &info, t);
}

/*
 * A fault the task cannot go on from: it must not be blocked or ignored,
 * or the faulting instruction would run again forever.  Linux's rule:
 * unblock it, and an ignored one falls back to its default action.
 */
static void force_sig_info(const siginfo_t *info)
{
	struct task_struct *t = current;
	struct k_sigaction *ka;
	unsigned long flags;
	int sig = info->si_signo;

	spin_lock_irqsave(&t->sighand->siglock, flags);
	ka = sig_action(t, sig);
	if (ka->sa.sa_handler == SIG_IGN || sigismember(&t->blocked, sig)) {
		if (ka->sa.sa_handler == SIG_IGN)
			ka->sa.sa_handler = SIG_DFL;
		sigdelset(&t->blocked, sig);
	}
	queue_signal(t, sig, info);
	t->signal_forced = true;
	spin_unlock_irqrestore(&t->sighand->siglock, flags);
}

/**
 * force_sig_fault() - the current task faulted: deliver @sig
 * @sig: SIGSEGV, SIGBUS, SIGILL, SIGFPE or SIGTRAP
 * @code: the si_code (SEGV_MAPERR, ...)
 * @addr: the si_addr
 */
void force_sig_fault(int sig, int code, void __user *addr)
{
	siginfo_t info;

	memset(&info, 0, sizeof(info));
	info.si_signo = sig;
	info.si_code = code;
	info.si_addr = addr;
	force_sig_info(&info);
}

/* force_sig() - the kernel insists: @sig with si_code SI_KERNEL */
void force_sig(int sig)
{
	siginfo_t info;

	memset(&info, 0, sizeof(info));
	info.si_signo = sig;
	info.si_code = SI_KERNEL;
	force_sig_info(&info);
}

/**
 * force_sigsegv() - a handler's frame for @sig could not be built
 * @sig: the signal that was being delivered
 *
 * As Linux: SIGSEGV.  When @sig was SIGSEGV itself, its handler cannot
 * run either, so the default action (death) is put back first; else the
 * SIGSEGV handler would be tried, and fail, forever.
 */
void force_sigsegv(int sig)
{
	struct task_struct *t = current;
	unsigned long flags;

	if (sig == SIGSEGV) {
		spin_lock_irqsave(&t->sighand->siglock, flags);
		sig_action(t, SIGSEGV)->sa.sa_handler = SIG_DFL;
		spin_unlock_irqrestore(&t->sighand->siglock, flags);
	}
	force_sig(SIGSEGV);
}

/* discard every pending instance of @sig; the caller holds the siglock */
static void flush_one_signal(struct task_struct *t, int sig)
{
	struct sigqueue *q, *n;

	list_for_each_entry_safe(q, n, &t->pending.list, list) {
		if (q->info.si_signo != sig)
			continue;
		list_del(&q->list);
		kfree(q);
	}
	sigdelset(&t->pending.signal, sig);
}

/* the next signal to act on, faults first, then the lowest number */
static int next_signal(const struct sigpending *p, const sigset_t *blocked)
{
	unsigned long ready = p->signal.sig[0] & ~blocked->sig[0];

	if (!ready)
		return 0;
	if (ready & SYNCHRONOUS_MASK)
		ready &= SYNCHRONOUS_MASK;
	return __builtin_ctzl(ready) + 1;
}

static void dequeue_signal(struct task_struct *t, int sig, siginfo_t *info)
{
	struct sigpending *p = &t->pending;
	struct sigqueue *q, *found = NULL;
	bool more = false;

	list_for_each_entry(q, &p->list, list) {
		if (q->info.si_signo != sig)
			continue;
		if (found) {
			more = true;
			break;
		}
		found = q;
	}
	if (!more)
		sigdelset(&p->signal, sig);
	if (found) {
		*info = found->info;
		list_del(&found->list);
		kfree(found);
	} else {
		/* queued without memory: what Linux reports then */
		memset(info, 0, sizeof(*info));
		info->si_signo = sig;
		info->si_code = SI_USER;
	}
}

/*
 * init (pid 1) gets only the signals it has handlers for, or forced ones:
 * one queued while blocked and found at SIG_DFL is dropped here.
 */
static bool init_ignores(struct task_struct *t, int sig)
{
	return is_global_init(t) && !t->signal_forced;
}

/**
 * get_signal() - act on pending signals until one needs a handler
 * @ksig: filled in with that signal and its action
 *
 * Called by the task itself on the way to user mode.  Default actions
 * are carried out here: ignore, stop, or end the process (which does not
 * return).  Returns true when @ksig is to be delivered to a handler.
 */
bool get_signal(struct ksignal *ksig)
{
	struct task_struct *t = current;
	struct k_sigaction *ka;
	unsigned long flags;
	int sig;

	for (;;) {
		spin_lock_irqsave(&t->sighand->siglock, flags);
		sig = next_signal(&t->pending, &t->blocked);
		if (!sig) {
			t->signal_forced = false;
			spin_unlock_irqrestore(&t->sighand->siglock, flags);
			return false;
		}
		dequeue_signal(t, sig, &ksig->info);
		ka = sig_action(t, sig);
		if (ka->sa.sa_handler == SIG_IGN) {
			spin_unlock_irqrestore(&t->sighand->siglock, flags);
			continue;
		}
		if (ka->sa.sa_handler != SIG_DFL) {
			ksig->ka = *ka;
			ksig->sig = sig;
			if (ka->sa.sa_flags & SA_RESETHAND)
				ka->sa.sa_handler = SIG_DFL;
			spin_unlock_irqrestore(&t->sighand->siglock, flags);
			return true;
		}
		spin_unlock_irqrestore(&t->sighand->siglock, flags);
		if (sig_dfl_ignores(sig) || init_ignores(t, sig))
			continue;
		if (sig_dfl_stops(sig)) {
			do_signal_stop(sig);
			continue;
		}
		/* no core files are written, so the core bit stays clear */
		do_group_exit(sig);
	}
}

/**
 * signal_delivered() - a handler's frame is in place: block what it asks
 * @ksig: the signal
 * @stepping: unused (no single-stepping yet)
 *
 * The handler runs with its sa_mask and, without SA_NODEFER, its own
 * signal blocked; the mask before is in its frame for rt_sigreturn.
 */
void signal_delivered(struct ksignal *ksig, bool stepping)
{
	sigset_t blocked = current->blocked;

	blocked.sig[0] |= ksig->ka.sa.sa_mask.sig[0];
	if (!(ksig->ka.sa.sa_flags & SA_NODEFER))
		sigaddset(&blocked, ksig->sig);
	set_current_blocked(&blocked);
	current->restore_sigmask = false;
}

/**
 * set_current_blocked() - change the current task's blocked mask
 * @set: the new mask; SIGKILL and SIGSTOP are never blocked
 */
void set_current_blocked(const sigset_t *set)
{
	struct task_struct *t = current;

	unsigned long flags;

	spin_lock_irqsave(&t->sighand->siglock, flags);
	t->blocked.sig[0] = set->sig[0] & ~SIG_KERNEL_ONLY_MASK;
	spin_unlock_irqrestore(&t->sighand->siglock, flags);
}

struct sighand_struct *sighand_alloc(void)
{
	struct sighand_struct *sh = kzalloc(sizeof(*sh), GFP_KERNEL);

	if (sh)
		spin_lock_init(&sh->siglock);
	return sh;
}

/* fork: the child starts with the parent's actions */
struct sighand_struct *sighand_copy(const struct sighand_struct *from)
{
	struct sighand_struct *sh = sighand_alloc();

	if (sh)
		memcpy(sh->action, from->action, sizeof(sh->action));
	return sh;
}

void sighand_free(struct sighand_struct *sh)
{
	kfree(sh);
}

/* exec: handlers go back to SIG_DFL; ignored signals stay ignored */
void flush_signal_handlers(struct task_struct *t)
{
	int i;

	for (i = 0; i < _NSIG; i++) {
		struct k_sigaction *ka = &t->sighand->action[i];

		if (ka->sa.sa_handler != SIG_IGN)
			ka->sa.sa_handler = SIG_DFL;
		ka->sa.sa_flags = 0;
		ka->sa.sa_restorer = NULL;
		ka->sa.sa_mask.sig[0] = 0;
	}
	t->sas_ss_sp = 0;
	t->sas_ss_size = 0;
	t->sas_ss_flags = SS_DISABLE;
}

/* drop everything pending (exit, and a fork child starts empty) */
void flush_signals(struct task_struct *t)
{
	struct sigqueue *q, *n;

	list_for_each_entry_safe(q, n, &t->pending.list, list) {
		list_del(&q->list);
		kfree(q);
	}
	t->pending.signal.sig[0] = 0;
}

/* --- system calls ------------------------------------------------------ */

SYSCALL_DEFINE4(rt_sigaction, int, sig, const struct sigaction __user *, act,
		struct sigaction __user *, oact, size_t, sigsetsize)
{
	struct task_struct *t = current;
	struct sigaction new, old;
	unsigned long flags;

	if (sigsetsize != sizeof(sigset_t))
		return -EINVAL;
	if (sig < 1 || sig > _NSIG)
		return -EINVAL;
	if (act && copy_from_user(&new, act, sizeof(new)))
		return -EFAULT;
	/* SIGKILL and SIGSTOP: reading is fine, changing is not */
	if (act && (sigmask(sig) & SIG_KERNEL_ONLY_MASK))
		return -EINVAL;
	spin_lock_irqsave(&t->sighand->siglock, flags);
	old = sig_action(t, sig)->sa;
	if (act) {
		new.sa_mask.sig[0] &= ~SIG_KERNEL_ONLY_MASK;
		sig_action(t, sig)->sa = new;
		/* POSIX: setting SIG_IGN (or a default that ignores) discards */
		if (new.sa_handler == SIG_IGN ||
		    (new.sa_handler == SIG_DFL && sig_dfl_ignores(sig)))
			flush_one_signal(t, sig);
	}
	spin_unlock_irqrestore(&t->sighand->siglock, flags);
	if (oact && copy_to_user(oact, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}

SYSCALL_DEFINE4(rt_sigprocmask, int, how, const sigset_t __user *, nset,
		sigset_t __user *, oset, size_t, sigsetsize)
{
	sigset_t old = current->blocked, set, new;

	if (sigsetsize != sizeof(sigset_t))
		return -EINVAL;
	if (nset) {
		if (copy_from_user(&set, nset, sizeof(set)))
			return -EFAULT;
		switch (how) {
		case SIG_BLOCK:
			new.sig[0] = old.sig[0] | set.sig[0];
			break;
		case SIG_UNBLOCK:
			new.sig[0] = old.sig[0] & ~set.sig[0];
			break;
		case SIG_SETMASK:
			new = set;
			break;
		default:
			return -EINVAL;
		}
		set_current_blocked(&new);
	}
	if (oset && copy_to_user(oset, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}

SYSCALL_DEFINE2(rt_sigpending, sigset_t __user *, uset, size_t, sigsetsize)
{
	sigset_t set;

	if (sigsetsize > sizeof(sigset_t))
		return -EINVAL;
	set.sig[0] = current->pending.signal.sig[0] & current->blocked.sig[0];
	return copy_to_user(uset, &set, sigsetsize) ? -EFAULT : 0;
}


SYSCALL_DEFINE2(sigaltstack, const stack_t __user *, uss,
		stack_t __user *, uoss)
{
	struct task_struct *t = current;
	unsigned long sp = current_pt_regs()->sp;
	stack_t old, new;

	memset(&old, 0, sizeof(old));
	old.ss_sp = (void __user *)t->sas_ss_sp;
	old.ss_size = t->sas_ss_size;
	old.ss_flags = on_sig_stack(t, sp) ? SS_ONSTACK :
		       t->sas_ss_size ? (int)(t->sas_ss_flags & SS_AUTODISARM) :
		       SS_DISABLE;
	if (uss) {
		unsigned int mode;

		if (copy_from_user(&new, uss, sizeof(new)))
			return -EFAULT;
		if (on_sig_stack(t, sp))
			return -EPERM;
		mode = new.ss_flags & ~SS_AUTODISARM;
		if (mode != SS_DISABLE && mode != SS_ONSTACK && mode != 0)
			return -EINVAL;
		if (mode == SS_DISABLE) {
			t->sas_ss_sp = 0;
			t->sas_ss_size = 0;
		} else {
			if (new.ss_size < MINSIGSTKSZ)
				return -ENOMEM;
			t->sas_ss_sp = (unsigned long)new.ss_sp;
			t->sas_ss_size = new.ss_size;
		}
		t->sas_ss_flags = new.ss_flags;
	}
	if (uoss && copy_to_user(uoss, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}

/* kill()'s siginfo: from the sender, SI_USER */
static void user_info(siginfo_t *info, int sig, int code)
{
	memset(info, 0, sizeof(*info));
	info->si_signo = sig;
	info->si_code = code;
	info->si_pid = current->pid;
}

/* signal every process @match accepts; tasklist_lock held */
static int signal_each(int sig, const siginfo_t *info,
		       bool (*match)(struct task_struct *, int), int arg)
{
	struct task_struct *t;
	int count = 0, err = 0, ret;

	for_each_process(t) {
		if (!match(t, arg))
			continue;
		count++;
		ret = send_sig_info(sig, info, t);
		if (ret)
			err = ret;
	}
	return count ? err : -ESRCH;
}

static bool in_pgrp(struct task_struct *t, int pgid)
{
	return t->pgid == pgid && t->exit_state != EXIT_ZOMBIE;
}

static bool not_init_or_self(struct task_struct *t, int unused)
{
	return t != init_process && t != current && !t->exit_state;
}

/**
 * kill_pgrp() - send @sig to every process of group @pgid
 *
 * For the tty's ^C.  Returns 0 or -ESRCH.
 */
int kill_pgrp(int pgid, int sig, int priv)
{
	siginfo_t info;
	unsigned long flags;
	int ret;

	user_info(&info, sig, priv ? SI_KERNEL : SI_USER);
	spin_lock_irqsave(&tasklist_lock, flags);
	ret = signal_each(sig, &info, in_pgrp, pgid);
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return ret;
}

/*
 * kill(-1): every process but init and the caller.  Linux also counts its
 * kernel threads, which always exist, so it never answers -ESRCH here;
 * cachet answers the same.
 */
static int kill_all(int sig, const siginfo_t *info)
{
	int ret = signal_each(sig, info, not_init_or_self, 0);

	return ret == -ESRCH ? 0 : ret;
}

static int kill_one(int pid, const siginfo_t *info, int sig)
{
	struct task_struct *t = find_task_by_pid(pid);

	if (!t)
		return -ESRCH;
	/* a zombie exists and takes signals, to no effect */
	if (t->exit_state)
		return 0;
	return send_sig_info(sig, info, t);
}

SYSCALL_DEFINE2(kill, int, pid, int, sig)
{
	siginfo_t info;
	unsigned long flags;
	int ret;

	if (sig < 0 || sig > _NSIG)
		return -EINVAL;
	user_info(&info, sig, SI_USER);
	spin_lock_irqsave(&tasklist_lock, flags);
	if (pid > 0)
		ret = kill_one(pid, &info, sig);
	else if (pid == -1)
		ret = kill_all(sig, &info);
	else if (pid == -0x7fffffff - 1)
		ret = -ESRCH;	/* -INT_MIN is no group */
	else
		ret = signal_each(sig, &info, in_pgrp,
				  pid ? -pid : current->pgid);
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return ret;
}

static long do_tkill(int tgid, int pid, int sig)
{
	siginfo_t info;
	unsigned long flags;
	long ret;

	if (pid <= 0 || sig < 0 || sig > _NSIG)
		return -EINVAL;
	user_info(&info, sig, SI_TKILL);
	spin_lock_irqsave(&tasklist_lock, flags);
	/* one task per process: the thread is the process */
	if (tgid > 0 && tgid != pid)
		ret = -ESRCH;
	else
		ret = kill_one(pid, &info, sig);
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return ret;
}

SYSCALL_DEFINE3(tgkill, int, tgid, int, pid, int, sig)
{
	if (tgid <= 0)
		return -EINVAL;
	return do_tkill(tgid, pid, sig);
}

SYSCALL_DEFINE2(tkill, int, pid, int, sig)
{
	return do_tkill(0, pid, sig);
}

SYSCALL_DEFINE0(pause)
{
	while (!signal_pending(current)) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!signal_pending(current))
			schedule();
		__set_current_state(TASK_RUNNING);
	}
	return -ERESTARTNOHAND;
}

SYSCALL_DEFINE2(rt_sigsuspend, const sigset_t __user *, unewset,
		size_t, sigsetsize)
{
	struct task_struct *t = current;
	sigset_t newset;

	if (sigsetsize != sizeof(sigset_t))
		return -EINVAL;
	if (copy_from_user(&newset, unewset, sizeof(newset)))
		return -EFAULT;
	t->saved_sigmask = t->blocked;
	t->restore_sigmask = true;
	set_current_blocked(&newset);
	while (!signal_pending(t)) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!signal_pending(t))
			schedule();
		__set_current_state(TASK_RUNNING);
	}
	return -ERESTARTNOHAND;
}

/* Linux's struct __kernel_timespec, as rt_sigtimedwait() takes it */
struct sigwait_timespec {
	long long tv_sec;
	long long tv_nsec;
};

/* the first pending signal of @mask, dequeued into @info; 0 if none */
static int dequeue_one_of(struct task_struct *t, const sigset_t *mask,
			  siginfo_t *info)
{
	unsigned long flags;
	int sig;

	spin_lock_irqsave(&t->sighand->siglock, flags);
	sig = next_signal(&t->pending, &(sigset_t){ { ~mask->sig[0] } });
	if (sig)
		dequeue_signal(t, sig, info);
	spin_unlock_irqrestore(&t->sighand->siglock, flags);
	return sig;
}

static long sigwait_jiffies(const struct sigwait_timespec *ts)
{
	unsigned long long j;

	if (ts->tv_sec >= MAX_SCHEDULE_TIMEOUT / HZ)
		return MAX_SCHEDULE_TIMEOUT;
	j = ts->tv_sec * HZ + (ts->tv_nsec * HZ + 999999999) / 1000000000;
	return j;
}

/*
 * rt_sigtimedwait(): take a signal of @uthese without running its
 * handler.  While it waits, those signals are unblocked so that their
 * arrival wakes it; the mask is put back before it returns.  -EAGAIN
 * when the timeout passes, -EINTR when another signal arrives.
 */
SYSCALL_DEFINE4(rt_sigtimedwait, const sigset_t __user *, uthese,
		siginfo_t __user *, uinfo,
		const struct sigwait_timespec __user *, uts,
		size_t, sigsetsize)
{
	struct task_struct *t = current;
	struct sigwait_timespec ts;
	long timeout = MAX_SCHEDULE_TIMEOUT;
	sigset_t these, saved;
	siginfo_t info;
	int sig;

	if (sigsetsize != sizeof(sigset_t))
		return -EINVAL;
	if (copy_from_user(&these, uthese, sizeof(these)))
		return -EFAULT;
	these.sig[0] &= ~SIG_KERNEL_ONLY_MASK;
	if (uts) {
		if (copy_from_user(&ts, uts, sizeof(ts)))
			return -EFAULT;
		if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= 1000000000)
			return -EINVAL;
		timeout = sigwait_jiffies(&ts);
	}
	sig = dequeue_one_of(t, &these, &info);
	if (!sig && timeout) {
		saved = t->blocked;
		t->real_blocked = saved;
		set_current_blocked(&(sigset_t){ { saved.sig[0] & ~these.sig[0] } });
		set_current_state(TASK_INTERRUPTIBLE);
		if (!signal_pending(t))
			schedule_timeout(timeout);
		__set_current_state(TASK_RUNNING);
		set_current_blocked(&saved);
		t->real_blocked.sig[0] = 0;
		sig = dequeue_one_of(t, &these, &info);
		if (!sig)
			return signal_pending(t) ? -EINTR : -EAGAIN;
	}
	if (!sig)
		return -EAGAIN;
	if (uinfo && copy_to_user(uinfo, &info, sizeof(info)))
		return -EFAULT;
	return sig;
}
