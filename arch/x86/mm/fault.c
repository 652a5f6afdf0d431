// SPDX-License-Identifier: GPL-2.0
/*
 * Page faults on user addresses (below TASK_SIZE_MAX) of a task with an
 * address space: from user mode, and from the kernel's user-copy
 * instructions (those with an exception-table entry), which must fault
 * the page in like the program itself would.  Linux's order: find the
 * VMA (growing a stack down to the address), check the access against
 * it, then handle_mm_fault().  What cannot be handled is a signal for a
 * user-mode fault, and for a kernel one the exception-table fixup
 * (-EFAULT) in do_trap().  A user-mode fault that finds no memory calls
 * the out-of-memory killer (mm/oom_kill.c) and runs the instruction
 * again, as Linux does.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/oom.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <asm/extable.h>
#include <asm/fault.h>
#include <asm/ptrace.h>
#include <asm/traps.h>
#include <asm/uaccess.h>

unsigned long user_faults_handled;

/* Linux's access_error(): may this access of @vma fault in at all? */
static bool access_error(unsigned long ec, struct vm_area_struct *vma)
{
	if (ec & X86_PF_WRITE)
		return !(vma->vm_flags & VM_WRITE);
	if (ec & X86_PF_INSTR)
		return !(vma->vm_flags & VM_EXEC);
	/* a read of a present page faults only on a protection */
	if (ec & X86_PF_PROT)
		return true;
	return !(vma->vm_flags & VM_ACCESS_FLAGS);
}

static unsigned int fault_flags(unsigned long ec)
{
	unsigned int flags = 0;

	if (ec & X86_PF_WRITE)
		flags |= FAULT_FLAG_WRITE;
	if (ec & X86_PF_USER)
		flags |= FAULT_FLAG_USER;
	if (ec & X86_PF_INSTR)
		flags |= FAULT_FLAG_INSTRUCTION;
	return flags;
}

/* fault_locked()'s answer when no page could be had: the OOM killer's */
#define FAULT_OOM	(-0x7fff)

/*
 * The lock held: 0 handled, FAULT_OOM, else the signal's si_code
 * (negative: SIGBUS).
 */
static int fault_locked(struct mm_struct *mm, unsigned long ec,
			unsigned long address)
{
	struct vm_area_struct *vma = find_vma(mm, address);
	unsigned int ret;

	if (!vma)
		return SEGV_MAPERR;
	if (vma->vm_start > address && expand_stack(vma, address))
		return SEGV_MAPERR;
	if (access_error(ec, vma))
		return SEGV_ACCERR;
	ret = handle_mm_fault(vma, address, fault_flags(ec));
	if (ret & VM_FAULT_OOM)
		return FAULT_OOM;
	if (ret & VM_FAULT_SIGBUS)
		return -BUS_ADRERR;
	if (ret & VM_FAULT_ERROR)
		return SEGV_ACCERR;
	return 0;
}

/*
 * A user fault no mapping allows: the signal, the fault for the handler's
 * sigcontext, and Linux's report when the signal will kill the task.
 */
static void user_fault_signal(struct pt_regs *regs, unsigned long address,
			      int sig, int code)
{
	struct task_struct *t = current;

	t->cr2 = address;
	t->trap_nr = X86_TRAP_PF;
	t->error_code = regs->error_code;
	if (unhandled_signal(t, sig))
		pr_info("%s[%d]: segfault at %lx ip %016lx sp %016lx error %lx\n",
			t->comm, t->pid, address, regs->ip, regs->sp,
			regs->error_code);
	force_sig_fault(sig, code, (void __user *)address);
}

/**
 * do_user_addr_fault() - try to resolve a #PF on a user address
 * @regs: the trap frame
 * @address: CR2
 *
 * Returns true when the access may be retried (or a signal was sent for
 * a user-mode fault), false when do_trap() must fix the kernel up or
 * oops.
 */
bool do_user_addr_fault(struct pt_regs *regs, unsigned long address)
{
	unsigned long ec = regs->error_code;
	struct mm_struct *mm = current->mm;
	bool user = ec & X86_PF_USER;
	int code;

	/* user code reaching for the kernel half, or for no memory at all */
	if (user && !(ec & X86_PF_RSVD) && (address >= TASK_SIZE_MAX || !mm)) {
		user_fault_signal(regs, address, SIGSEGV, SEGV_MAPERR);
		return true;
	}
	if (address >= TASK_SIZE_MAX || !mm || (ec & X86_PF_RSVD))
		return false;
	/* the kernel touches user memory only in its copy routines */
	if (!user && ((ec & X86_PF_INSTR) || !search_exception_table(regs->ip)))
		return false;
	/* a copy under the lock: the caller's bug, not a fault to wait on */
	if (mmap_lock_held_here(mm))
		return false;
	mmap_write_lock(mm);
	code = fault_locked(mm, ec, address);
	mmap_write_unlock(mm);
	if (!code) {
		user_faults_handled++;
		return true;
	}
	/* the kernel's copy gets -EFAULT; a program waits for memory */
	if (!user)
		return false;
	if (code == FAULT_OOM) {
		pagefault_out_of_memory();
		return true;
	}
	if (code < 0)
		user_fault_signal(regs, address, SIGBUS, -code);
	else
		user_fault_signal(regs, address, SIGSEGV, code);
	return true;
}
