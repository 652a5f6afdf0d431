/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The task switch.  __switch_to_asm (switch_64.S) pushes the callee-saved
 * registers on prev's stack, saves RSP in prev->thread.sp, loads next's,
 * pops next's registers and tail-calls __switch_to() (process_64.c),
 * whose return value, the task switched away from, is what switch_to()
 * gives back once the CPU comes back to this task.
 */
#ifndef _ASM_X86_SWITCH_TO_H
#define _ASM_X86_SWITCH_TO_H

struct task_struct;

struct task_struct *__switch_to_asm(struct task_struct *prev,
				    struct task_struct *next,
				    unsigned long *prev_sp,
				    unsigned long next_sp);
struct task_struct *__switch_to(struct task_struct *prev,
				struct task_struct *next);

#define switch_to(prev, next)						\
	__switch_to_asm(prev, next, &(prev)->thread.sp, (next)->thread.sp)

/* a new kernel thread's first switch lands in ret_from_kthread */
void copy_thread(struct task_struct *p);
/* a fork child's in ret_from_fork_user, then user mode */
void copy_thread_user(struct task_struct *p);

#endif /* _ASM_X86_SWITCH_TO_H */
