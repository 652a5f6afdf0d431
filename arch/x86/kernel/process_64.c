// SPDX-License-Identifier: GPL-2.0
/*
 * The C half of the task switch, and a new task's first stack frame.
 * What a CPU keeps per task beyond the callee-saved registers is switched
 * here: the ring-0 stack (where an entry from user mode lands), the
 * address space, the FS and GS bases of user mode and the FPU registers
 * (saved and restored eagerly: the kernel never uses them itself).
 */
#include <linux/mm_types.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <asm/entry.h>
#include <asm/fpu.h>
#include <asm/mmu_context.h>
#include <asm/msr-index.h>
#include <asm/page_types.h>
#include <asm/special_insns.h>
#include <asm/switch_to.h>
#include <asm/traps.h>

extern const char ret_from_kthread[], ret_from_fork_user[];

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
	struct inactive_task_frame *f;

	/* below the room for user registers, should it exec a program */
	f = (struct inactive_task_frame *)task_pt_regs(p) - 1;
	*f = (struct inactive_task_frame){
		.ret_addr = (unsigned long)ret_from_kthread,
	};
	p->thread.sp = (unsigned long)f;
}

/**
 * copy_thread_user() - give fork child @p its first frame
 *
 * Its struct pt_regs (already filled in) is at the top of its stack; the
 * switch frame goes right below, so that once ret_from_fork_user has
 * popped it the stack pointer is the registers' address.
 */
void copy_thread_user(struct task_struct *p)
{
	struct inactive_task_frame *f;

	f = (struct inactive_task_frame *)task_pt_regs(p) - 1;
	*f = (struct inactive_task_frame){
		.ret_addr = (unsigned long)ret_from_fork_user,
	};
	p->thread.sp = (unsigned long)f;
}

/* the user-mode state the entry code does not save, out and in */
static void switch_user_state(struct task_struct *prev,
			      struct task_struct *next)
{
	if (prev->fpu)
		fpu_save(prev->fpu);
	if (!next->mm)
		return;
	wrmsr(MSR_FS_BASE, next->fsbase);
	wrmsr(MSR_KERNEL_GS_BASE, next->gsbase);
	if (next->fpu)
		fpu_restore(next->fpu);
}

/*
 * Runs on next's stack with interrupts off.  Kernel threads and idle
 * tasks run on the kernel's own page tables (init_mm), never on a space
 * they borrow: so a CPU is in an mm's cpu_mask only while it runs a task
 * of that mm, and the last mmput() never finds a CPU still on it.
 */
struct task_struct *__switch_to(struct task_struct *prev,
				struct task_struct *next)
{
	struct mm_struct *mm = next->mm ? next->mm : &init_mm;

	switch_user_state(prev, next);
	this_pcpu()->current_task = next;
	cpu_set_kernel_stack((unsigned long)next->stack + THREAD_SIZE);
	switch_mm_irqs_off(prev->active_mm, mm);
	next->active_mm = mm;
	return prev;
}
