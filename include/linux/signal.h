/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Signals inside the kernel (kernel/signal.c; the frame a handler runs
 * on is arch/x86/kernel/signal.c's).
 *
 * A task has its actions (struct sighand_struct, copied by fork, reset
 * by exec), its blocked mask and its pending signals.  Standard signals
 * (1-31) are pending at most once; real-time ones (32-64) queue, each
 * with its siginfo.  Everything here is under the task's sighand->siglock,
 * with interrupts off (a signal may be sent from an interrupt: ^C, the
 * alarm timer).  A signal is acted on only on the way back to user mode
 * (exit_to_user_mode()), by the task itself.
 */
#ifndef _CACHET_LINUX_SIGNAL_H
#define _CACHET_LINUX_SIGNAL_H

#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <asm/siginfo.h>
#include <asm/signal.h>

struct task_struct;
struct pt_regs;

struct k_sigaction {
	struct sigaction sa;
};

struct sighand_struct {
	spinlock_t siglock;
	struct k_sigaction action[_NSIG];
};

struct sigqueue {
	struct list_head list;
	siginfo_t info;
};

struct sigpending {
	struct list_head list;		/* struct sigqueue, oldest first */
	sigset_t signal;
};

/* a signal to handle, as get_signal() hands it to the frame code */
struct ksignal {
	struct k_sigaction ka;
	siginfo_t info;
	int sig;
};

static inline void sigaddset(sigset_t *set, int sig)
{
	set->sig[0] |= 1UL << (sig - 1);
}

static inline void sigdelset(sigset_t *set, int sig)
{
	set->sig[0] &= ~(1UL << (sig - 1));
}

static inline bool sigismember(const sigset_t *set, int sig)
{
	return (set->sig[0] >> (sig - 1)) & 1;
}

static inline bool valid_signal(unsigned long sig)
{
	return sig <= _NSIG;
}

#define sigmask(sig)	(1UL << ((sig) - 1))
/* what no task may block, catch or ignore */
#define SIG_KERNEL_ONLY_MASK	(sigmask(SIGKILL) | sigmask(SIGSTOP))

/* fault signals, acted on before any other pending one (Linux's order) */
#define SYNCHRONOUS_MASK \
	(sigmask(SIGSEGV) | sigmask(SIGBUS) | sigmask(SIGILL) | \
	 sigmask(SIGTRAP) | sigmask(SIGFPE) | sigmask(SIGSYS))

/* the errors a system call returns to be restarted after a signal */
#define ERESTARTSYS		512
#define ERESTARTNOINTR		513
#define ERESTARTNOHAND		514
#define ERESTART_RESTARTBLOCK	516

bool signal_pending(struct task_struct *t);
bool unhandled_signal(struct task_struct *t, int sig);
int send_sig_info(int sig, const siginfo_t *info, struct task_struct *t);
int send_sig(int sig, struct task_struct *t, int priv);
void force_sig_fault(int sig, int code, void __user *addr);
void force_sig(int sig);
void force_sigsegv(int sig);
int kill_pgrp(int pgid, int sig, int priv);
bool get_signal(struct ksignal *ksig);
void signal_delivered(struct ksignal *ksig, bool stepping);
void set_current_blocked(const sigset_t *set);

struct sighand_struct *sighand_alloc(void);
struct sighand_struct *sighand_copy(const struct sighand_struct *from);
void sighand_free(struct sighand_struct *sh);
void flush_signal_handlers(struct task_struct *t);
void flush_signals(struct task_struct *t);

/* arch/x86/kernel/signal.c: deliver or restart, on the way to user mode */
void arch_do_signal_or_restart(struct pt_regs *regs);
unsigned long signal_frame_min_size(void);

#endif /* _CACHET_LINUX_SIGNAL_H */
