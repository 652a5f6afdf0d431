// SPDX-License-Identifier: GPL-2.0
/*
 * System calls from 64-bit user mode, and the work done on every return
 * to user mode.  entry_64.S has saved the registers as a struct pt_regs
 * with interrupts off; everything between that and the return runs here.
 */
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/rseq.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/syscalls.h>
#include <asm/entry.h>
#include <asm/irqflags.h>
#include <asm/processor-flags.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <asm/syscall.h>
#include <asm/uaccess.h>
#include <asm/unistd_64.h>

/* one bit per number, and one for every number beyond the table */
static unsigned long enosys_seen[BITS_TO_LONGS(__NR_syscalls + 1)];

/*
 * Linux answers an unknown number with -ENOSYS and says nothing; cachet
 * says it once per number, so that a program's missing calls show in the
 * log the first time it runs.
 */
static void report_enosys(unsigned int nr)
{
	unsigned int bit = nr < __NR_syscalls ? nr : __NR_syscalls;
	unsigned long mask = 1UL << (bit % BITS_PER_LONG);

	if (__atomic_fetch_or(&enosys_seen[bit / BITS_PER_LONG], mask,
			      __ATOMIC_RELAXED) & mask)
		return;
	pr_info("%s[%d]: system call %u is not implemented: -ENOSYS%s\n",
		current->comm, current->pid, nr,
		bit == __NR_syscalls ? " (and every number beyond the table)" :
		"");
}

/* Linux's TIF_NOTIFY_RESUME work: today only the rseq area's update */
static void resume_user_mode_work(struct pt_regs *regs)
{
	rseq_handle_notify_resume(NULL, regs);
}

/**
 * exit_to_user_mode() - the work before any return to user mode
 * @regs: the registers user mode gets back
 *
 * Called with interrupts off and returns with them off: switches tasks
 * if asked to, acts on pending signals (which may rewrite @regs into a
 * handler's frame) and does the notify-resume work (which may move
 * @regs->ip to an rseq abort handler), until none is left to do.  The
 * work runs with interrupts on and may be preempted: a switch then asks
 * for it again, so user mode never sees a stale CPU number.
 */
void exit_to_user_mode(struct pt_regs *regs)
{
	for (;;) {
		exit_to_user_mode_prepare();
		if (signal_pending(current)) {
			local_irq_enable();
			arch_do_signal_or_restart(regs);
			local_irq_disable();
			continue;
		}
		if (!test_and_clear_notify_resume(current))
			return;
		local_irq_enable();
		resume_user_mode_work(regs);
		local_irq_disable();
	}
}

/*
 * SYSRET can only return what it returns: RIP from RCX, RFLAGS from R11,
 * and the fixed user selectors.  Anything else (exec, signal delivery
 * and return) goes out through IRETQ.  RIP must also be in the user half:
 * Intel CPUs raise #GP for a non-canonical RCX while still in ring 0,
 * on the user stack.
 */
static bool sysret_ok(const struct pt_regs *regs)
{
	return regs->cx == regs->ip && regs->r11 == regs->flags &&
	       regs->cs == __USER_CS && regs->ss == __USER_DS &&
	       regs->ip < TASK_SIZE_MAX &&
	       !(regs->flags & (X86_EFLAGS_RF | X86_EFLAGS_TF));
}

/**
 * do_syscall_64() - run the system call entry_SYSCALL_64 saved
 * @regs: its registers; the number is in orig_ax, the result goes to ax
 *
 * Returns with interrupts off, the exit work done, and whether SYSRET
 * may return (else IRETQ does).
 */
bool do_syscall_64(struct pt_regs *regs)
{
	/* Linux uses the low 32 bits of RAX, as an int */
	unsigned int nr = (unsigned int)(int)regs->orig_ax;

	regs->ax = -ENOSYS;
	local_irq_enable();
	if (nr < __NR_syscalls && sys_call_table[nr])
		regs->ax = sys_call_table[nr](regs);
	else
		report_enosys(nr);
	local_irq_disable();
	exit_to_user_mode(regs);
	return sysret_ok(regs);
}
