// SPDX-License-Identifier: GPL-2.0
/*
 * The C half of the task switch, and a new kernel thread's first stack
 * frame.  What a CPU keeps per task beyond the callee-saved registers is
 * switched here: the ring-0 stack of the TSS (where a trap from user mode
 * lands) and the address space.
 */
#include <linux/mm_types.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <asm/entry.h>
#include <asm/mmu_context.h>
#include <asm/page_types.h>
#include <asm/switch_to.h>
#include <asm/traps.h>

extern const char ret_from_kthread[];

/* the registers __switch_to_asm pops, then its return address */
struct inactive_task_frame {
	unsigned long r15, r14, r13, r12, bx, bp;
	unsigned long ret_addr;
};

/**
 * copy_thread() - give new kernel thread @p its first frame
 *
 * Its first switch pops zeroes and returns into ret_from_kthread, with
 * the stack 16-byte aligned at the call that follows, as the ABI wants.
 */
void copy_thread(struct task_struct *p)
{
	unsigned long top = (unsigned long)p->stack + THREAD_SIZE;
	struct inactive_task_frame *f;

	f = (struct inactive_task_frame *)(top - 16) - 1;
	*f = (struct inactive_task_frame){
		.ret_addr = (unsigned long)ret_from_kthread,
	};
	p->thread.sp = (unsigned long)f;
}

/*
 * Runs on next's stack with interrupts off.  Linux's active_mm rule: a
 * kernel thread (mm NULL) has no user space of its own and borrows the
 * page tables loaded, whoever they belong to; a task with an mm loads it.
 */
struct task_struct *__switch_to(struct task_struct *prev,
				struct task_struct *next)
{
	struct mm_struct *mm = next->mm ? next->mm : prev->active_mm;

	this_pcpu()->current_task = next;
	cpu_set_kernel_stack((unsigned long)next->stack + THREAD_SIZE);
	switch_mm_irqs_off(prev->active_mm, mm);
	next->active_mm = mm;
	/*
	 * Ring 3 (the lead's part): load next's FS base here, and save
	 * prev's FPU state / restore next's (XSAVE, or FXSAVE without it).
	 */
	return prev;
}
