// SPDX-License-Identifier: GPL-2.0
/*
 * Signal frames: what the handler of a signal runs on, and rt_sigreturn,
 * which undoes it.  The layout is x86-64 Linux's, which libc's handlers
 * and restorers are built for:
 *
 *	higher addresses	the interrupted code's stack (less 128 bytes
 *				of red zone), or the top of the sigaltstack
 *				FPU state: FXSAVE image [+ XSAVE rest + magic],
 *				64-byte aligned
 *				siginfo_t
 *				struct ucontext (sigcontext, blocked mask)
 *	handler's %rsp ->	return address: the SA_RESTORER trampoline,
 *				which calls rt_sigreturn
 *
 * The handler's %rsp + 8 is 16-byte aligned, as after a call.  Nothing in
 * the frame is trusted on the way back: selectors, flags, the instruction
 * and stack pointers and the FPU image are checked, and a bad frame ends
 * in SIGSEGV, never in a kernel fault.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/rseq.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/signal.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <asm/fpu.h>
#include <asm/processor.h>
#include <asm/processor-flags.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <asm/sigcontext.h>
#include <asm/uaccess.h>
#include <asm/ucontext.h>
#include <asm/unistd_64.h>

struct rt_sigframe {
	char __user *pretcode;
	struct ucontext uc;
	siginfo_t info;
};

#define RED_ZONE	128
/* the flags rt_sigreturn takes from the frame; the rest stay the kernel's */
#define FIX_EFLAGS	(X86_EFLAGS_AC | X86_EFLAGS_OF | X86_EFLAGS_DF | \
			 X86_EFLAGS_TF | X86_EFLAGS_SF | X86_EFLAGS_ZF | \
			 X86_EFLAGS_AF | X86_EFLAGS_PF | X86_EFLAGS_CF | \
			 X86_EFLAGS_RF)
/* the length of SYSCALL, to run it again */
#define SYSCALL_INSN_LEN	2

/* bytes of FPU state in a frame */
static unsigned int math_frame_size(void)
{
	return fpu_state_size + (fpu_xfeatures ? FP_XSTATE_MAGIC2_SIZE : 0);
}

/**
 * signal_frame_min_size() - the stack a signal handler needs at least
 *
 * For AT_MINSIGSTKSZ: a frame, its FPU state and the alignment slack.
 */
unsigned long signal_frame_min_size(void)
{
	return sizeof(struct rt_sigframe) + math_frame_size() + 64 + 16;
}


/* where the frame goes; its FPU state at *@fpstate */
static struct rt_sigframe __user *get_sigframe(const struct ksignal *ksig,
					       const struct pt_regs *regs,
					       unsigned long *fpstate)
{
	struct task_struct *t = current;
	unsigned long sp = regs->sp - RED_ZONE;

	if ((ksig->ka.sa.sa_flags & SA_ONSTACK) && t->sas_ss_size &&
	    !on_sig_stack(t, sp))
		sp = t->sas_ss_sp + t->sas_ss_size;
	sp = (sp - math_frame_size()) & ~63UL;
	*fpstate = sp;
	sp = ((sp - sizeof(struct rt_sigframe)) & ~15UL) - 8;
	return (struct rt_sigframe __user *)sp;
}

/* the task's FPU registers into the frame, then a clean set for the handler */
static int save_fpstate(unsigned long buf)
{
	struct fpu *fpu = current->fpu;
	struct _fpx_sw_bytes sw;
	u32 magic2 = FP_XSTATE_MAGIC2;

	fpu_save(fpu);
	if (copy_to_user((void __user *)buf, fpu, fpu_state_size))
		return -EFAULT;
	if (fpu_xfeatures) {
		memset(&sw, 0, sizeof(sw));
		sw.magic1 = FP_XSTATE_MAGIC1;
		sw.extended_size = math_frame_size();
		sw.xfeatures = fpu_xfeatures;
		sw.xstate_size = fpu_state_size;
		if (copy_to_user((void __user *)(buf + FP_SW_BYTES_OFFSET), &sw,
				 sizeof(sw)) ||
		    copy_to_user((void __user *)(buf + fpu_state_size), &magic2,
				 sizeof(magic2)))
			return -EFAULT;
	}
	fpu_init_state(fpu);
	fpu_restore(fpu);
	return 0;
}

static void fill_sigcontext(struct sigcontext *sc, const struct pt_regs *regs,
			    unsigned long fpstate, const sigset_t *mask)
{
	const struct task_struct *t = current;

	memset(sc, 0, sizeof(*sc));
	sc->r8 = regs->r8;
	sc->r9 = regs->r9;
	sc->r10 = regs->r10;
	sc->r11 = regs->r11;
	sc->r12 = regs->r12;
	sc->r13 = regs->r13;
	sc->r14 = regs->r14;
	sc->r15 = regs->r15;
	sc->di = regs->di;
	sc->si = regs->si;
	sc->bp = regs->bp;
	sc->bx = regs->bx;
	sc->dx = regs->dx;
	sc->ax = regs->ax;
	sc->cx = regs->cx;
	sc->sp = regs->sp;
	sc->ip = regs->ip;
	sc->flags = regs->flags;
	sc->cs = regs->cs;
	sc->ss = regs->ss;
	sc->err = t->error_code;
	sc->trapno = t->trap_nr;
	sc->cr2 = t->cr2;
	sc->oldmask = mask->sig[0];
	sc->fpstate = fpstate;
}

static int setup_rt_frame(struct ksignal *ksig, struct pt_regs *regs)
{
	struct task_struct *t = current;
	const sigset_t *mask = t->restore_sigmask ? &t->saved_sigmask :
			       &t->blocked;
	struct rt_sigframe __user *frame;
	struct ucontext uc;
	unsigned long fpstate;

	if (!(ksig->ka.sa.sa_flags & SA_RESTORER))
		return -EFAULT;	/* x86-64 has no kernel trampoline */
	frame = get_sigframe(ksig, regs, &fpstate);
	if (!access_ok(frame, fpstate + math_frame_size() -
			      (unsigned long)frame))
		return -EFAULT;
	memset(&uc, 0, sizeof(uc));
	uc.uc_flags = UC_SIGCONTEXT_SS | UC_STRICT_RESTORE_SS |
		      (fpu_xfeatures ? UC_FP_XSTATE : 0);
	uc.uc_stack.ss_sp = (void __user *)t->sas_ss_sp;
	uc.uc_stack.ss_size = t->sas_ss_size;
	uc.uc_stack.ss_flags = on_sig_stack(t, regs->sp) ? SS_ONSTACK :
			       t->sas_ss_size ? 0 : SS_DISABLE;
	fill_sigcontext(&uc.uc_mcontext, regs, fpstate, mask);
	uc.uc_sigmask = *mask;
	if (copy_to_user(&frame->uc, &uc, sizeof(uc)) ||
	    put_user((unsigned long)ksig->ka.sa.sa_restorer,
		     (unsigned long __user *)&frame->pretcode))
		return -EFAULT;
	if ((ksig->ka.sa.sa_flags & SA_SIGINFO) &&
	    copy_to_user(&frame->info, &ksig->info, sizeof(ksig->info)))
		return -EFAULT;
	if (save_fpstate(fpstate))
		return -EFAULT;

	regs->di = ksig->sig;
	regs->si = (unsigned long)&frame->info;
	regs->dx = (unsigned long)&frame->uc;
	regs->ax = 0;
	regs->sp = (unsigned long)frame;
	regs->ip = (unsigned long)ksig->ka.sa.sa_handler;
	regs->cs = __USER_CS;
	regs->ss = __USER_DS;
	regs->flags &= ~(X86_EFLAGS_DF | X86_EFLAGS_RF | X86_EFLAGS_TF);
	if (t->sas_ss_flags & SS_AUTODISARM) {
		t->sas_ss_sp = 0;
		t->sas_ss_size = 0;
	}
	return 0;
}

/* was @regs saved by a system call that may be restarted? */
static bool in_syscall(const struct pt_regs *regs)
{
	return regs->vector == PT_REGS_SYSCALL && (long)regs->orig_ax >= 0;
}

static void restart_syscall_for(struct pt_regs *regs, bool handler,
				unsigned long sa_flags)
{
	long ret = (long)regs->ax;

	if (!in_syscall(regs))
		return;
	switch (ret) {
	case -ERESTART_RESTARTBLOCK:
		if (!handler) {
			regs->ax = __NR_restart_syscall;
			regs->ip -= SYSCALL_INSN_LEN;
			return;
		}
		regs->ax = -EINTR;
		return;
	case -ERESTARTNOHAND:
		if (handler) {
			regs->ax = -EINTR;
			return;
		}
		break;
	case -ERESTARTSYS:
		if (handler && !(sa_flags & SA_RESTART)) {
			regs->ax = -EINTR;
			return;
		}
		break;
	case -ERESTARTNOINTR:
		break;
	default:
		return;
	}
	regs->ax = regs->orig_ax;
	regs->ip -= SYSCALL_INSN_LEN;
}

/**
 * arch_do_signal_or_restart() - act on pending signals before user mode
 * @regs: the registers user mode gets back
 *
 * Called by exit_to_user_mode() with interrupts on when a signal is
 * pending.  Delivers at most one to a handler; restarts an interrupted
 * system call as its error code and the handler's SA_RESTART say.
 */
void arch_do_signal_or_restart(struct pt_regs *regs)
{
	struct task_struct *t = current;
	struct ksignal ksig;

	if (get_signal(&ksig)) {
		restart_syscall_for(regs, true, ksig.ka.sa.sa_flags);
		/* the frame must save the abort handler, not the section */
		rseq_signal_deliver(&ksig, regs);
		if (setup_rt_frame(&ksig, regs)) {
			force_sigsegv(ksig.sig);
			return;
		}
		signal_delivered(&ksig, false);
		return;
	}
	restart_syscall_for(regs, false, 0);
	if (t->restore_sigmask) {
		t->restore_sigmask = false;
		set_current_blocked(&t->saved_sigmask);
	}
}

static bool canonical_user(unsigned long a)
{
	/* 47-bit sign extension: the user half, or the kernel half */
	return a < (1UL << 47) || a >= ~((1UL << 47) - 1);
}

/* the FPU image of a frame, checked, into the task and the registers */
static int restore_fpstate(unsigned long buf, unsigned long uc_flags)
{
	struct fpu *fpu = current->fpu;
	struct _fpx_sw_bytes sw;
	u32 magic2;
	bool whole = false;

	if (!buf) {
		fpu_init_state(fpu);
		fpu_restore(fpu);
		return 0;
	}
	if (fpu_xfeatures && (uc_flags & UC_FP_XSTATE) &&
	    !copy_from_user(&sw, (void __user *)(buf + FP_SW_BYTES_OFFSET),
			    sizeof(sw)) &&
	    sw.magic1 == FP_XSTATE_MAGIC1 &&
	    sw.xstate_size == fpu_state_size &&
	    !get_user(magic2, (u32 __user *)(buf + fpu_state_size)) &&
	    magic2 == FP_XSTATE_MAGIC2)
		whole = true;
	/* without the XSAVE part, the legacy image over a clean state */
	fpu_init_state(fpu);
	if (copy_from_user(fpu, (void __user *)buf,
			   whole ? fpu_state_size : FXSAVE_SIZE))
		return -EFAULT;
	return fpu_restore_user_image(fpu, whole);
}

static int restore_sigcontext(struct pt_regs *regs, const struct sigcontext *sc,
			      unsigned long uc_flags)
{
	unsigned long cs = sc->cs | 3, ss = sc->ss | 3;

	if ((cs != __USER_CS && cs != __USER32_CS) || ss != __USER_DS ||
	    !canonical_user(sc->ip) || !canonical_user(sc->sp))
		return -EINVAL;
	regs->r8 = sc->r8;
	regs->r9 = sc->r9;
	regs->r10 = sc->r10;
	regs->r11 = sc->r11;
	regs->r12 = sc->r12;
	regs->r13 = sc->r13;
	regs->r14 = sc->r14;
	regs->r15 = sc->r15;
	regs->di = sc->di;
	regs->si = sc->si;
	regs->bp = sc->bp;
	regs->bx = sc->bx;
	regs->dx = sc->dx;
	regs->ax = sc->ax;
	regs->cx = sc->cx;
	regs->sp = sc->sp;
	regs->ip = sc->ip;
	regs->cs = cs;
	regs->ss = ss;
	regs->flags = (regs->flags & ~FIX_EFLAGS) | (sc->flags & FIX_EFLAGS);
	regs->orig_ax = -1UL;	/* no restart of what was interrupted */
	return restore_fpstate(sc->fpstate, uc_flags);
}

SYSCALL_DEFINE_REGS(rt_sigreturn)
{
	struct task_struct *t = current;
	struct rt_sigframe __user *frame =
		(struct rt_sigframe __user *)(regs->sp - sizeof(long));
	struct ucontext uc;

	if (copy_from_user(&uc, &frame->uc, sizeof(uc)) ||
	    restore_sigcontext(regs, &uc.uc_mcontext, uc.uc_flags)) {
		force_sig(SIGSEGV);
		return regs->ax;
	}
	set_current_blocked(&uc.uc_sigmask);
	/*
	 * The sigaltstack as the frame says (which re-arms SS_AUTODISARM),
	 * unless we are still on it; a bad one is ignored, as in Linux.
	 */
	if (!on_sig_stack(t, regs->sp)) {
		if (uc.uc_stack.ss_flags & SS_DISABLE) {
			t->sas_ss_sp = 0;
			t->sas_ss_size = 0;
			t->sas_ss_flags = SS_DISABLE;
		} else if (uc.uc_stack.ss_size >= MINSIGSTKSZ) {
			t->sas_ss_sp = (unsigned long)uc.uc_stack.ss_sp;
			t->sas_ss_size = uc.uc_stack.ss_size;
			t->sas_ss_flags = uc.uc_stack.ss_flags;
		}
	}
	return regs->ax;
}
