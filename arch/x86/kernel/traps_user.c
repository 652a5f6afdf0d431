// SPDX-License-Identifier: GPL-2.0
/*
 * Exceptions raised by user code become signals to the task, with
 * Linux's signal, si_code and si_addr for each, and Linux's one-line
 * report when the signal is going to kill it.  Page faults are the
 * memory code's (arch/x86/mm/fault.c); this is everything else.
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <asm/ptrace.h>
#include <asm/traps.h>

/* MXCSR exception flags, in priority order (SDM Vol. 1, 11.5.2) */
#define MXCSR_IE	0x01
#define MXCSR_ZE	0x04
#define MXCSR_OE	0x08
#define MXCSR_UE	0x10
#define MXCSR_PE	0x20
/* the same flags in the x87 status word */
#define FSW_IE		0x01
#define FSW_ZE		0x04
#define FSW_OE		0x08
#define FSW_UE		0x10
#define FSW_PE		0x20

static u32 read_mxcsr(void)
{
	u32 v;

	__asm__ __volatile__("stmxcsr %0" : "=m"(v));
	return v;
}

static u16 read_fsw(void)
{
	u16 v;

	__asm__ __volatile__("fnstsw %0" : "=m"(v));
	return v;
}

/* which unmasked exception it was: Linux's fpu__exception_code() */
static int fp_code(unsigned int flags, unsigned int masks)
{
	unsigned int e = flags & ~masks;

	if (e & FSW_IE)
		return FPE_FLTINV;
	if (e & FSW_ZE)
		return FPE_FLTDIV;
	if (e & FSW_OE)
		return FPE_FLTOVF;
	if (e & FSW_UE)
		return FPE_FLTUND;
	if (e & FSW_PE)
		return FPE_FLTRES;
	return 0;
}

static int simd_code(void)
{
	u32 mxcsr = read_mxcsr();

	/* masks are bits 7-12, flags 0-5 */
	return fp_code(mxcsr & 0x3f, (mxcsr >> 7) & 0x3f);
}

static int x87_code(void)
{
	u16 cw, sw = read_fsw();

	__asm__ __volatile__("fnstcw %0" : "=m"(cw));
	return fp_code(sw & 0x3f, cw & 0x3f);
}

static void report(const struct pt_regs *regs, const char *what, int sig)
{
	struct task_struct *t = current;

	if (!unhandled_signal(t, sig))
		return;
	pr_info("traps: %s[%d] %s ip:%lx sp:%lx error:%lx\n", t->comm, t->pid,
		what, regs->ip, regs->sp, regs->error_code);
}

/**
 * do_user_trap() - an exception from user mode other than a page fault
 * @regs: the user registers
 *
 * Queues the signal; it is acted on before the return to user mode.
 */
void do_user_trap(struct pt_regs *regs)
{
	void __user *ip = (void __user *)regs->ip;
	struct task_struct *t = current;

	t->trap_nr = regs->vector;
	t->error_code = regs->error_code;
	switch (regs->vector) {
	case X86_TRAP_DE:
		report(regs, "divide error", SIGFPE);
		force_sig_fault(SIGFPE, FPE_INTDIV, ip);
		break;
	case X86_TRAP_DB:
	case X86_TRAP_BP:
		force_sig(SIGTRAP);
		break;
	case X86_TRAP_UD:
		report(regs, "invalid opcode", SIGILL);
		force_sig_fault(SIGILL, ILL_ILLOPN, ip);
		break;
	case X86_TRAP_MF:
		force_sig_fault(SIGFPE, x87_code(), ip);
		break;
	case X86_TRAP_XF:
		force_sig_fault(SIGFPE, simd_code(), ip);
		break;
	case X86_TRAP_AC:
		force_sig_fault(SIGBUS, BUS_ADRALN, NULL);
		break;
	case X86_TRAP_NP:
	case X86_TRAP_SS:
		report(regs, "segment fault", SIGBUS);
		force_sig(SIGBUS);
		break;
	case X86_TRAP_GP:
		report(regs, "general protection fault", SIGSEGV);
		force_sig(SIGSEGV);
		break;
	default:
		/* #OF, #BR, #TS, #NM, ...: nothing user code may rely on */
		report(regs, "unexpected exception", SIGSEGV);
		force_sig(SIGSEGV);
		break;
	}
}
