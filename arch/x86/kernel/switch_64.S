/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The task switch and a new kernel thread's first steps; see
 * asm/switch_to.h.  Only the callee-saved registers need saving: the
 * switch is a function call for both tasks.
 */

	.text
/*
 * struct task_struct *__switch_to_asm(prev %rdi, next %rsi,
 *				       prev_sp %rdx, next_sp %rcx)
 */
	.globl __switch_to_asm
	.type __switch_to_asm, @function
__switch_to_asm:
	pushq	%rbp
	pushq	%rbx
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	movq	%rsp, (%rdx)
	movq	%rcx, %rsp
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbx
	popq	%rbp
	jmp	__switch_to		/* returns prev in %rax, to next's caller */
	.size __switch_to_asm, . - __switch_to_asm

/*
 * Where copy_thread() makes a new thread's first switch return: %rax is
 * the task switched away from.  Finish that switch, then run the thread.
 */
	.globl ret_from_kthread
	.type ret_from_kthread, @function
ret_from_kthread:
	xorl	%ebp, %ebp		/* the backtrace ends here */
	movq	%rax, %rdi
	call	schedule_tail
	call	kthread_entry		/* does not return */
	ud2
	.size ret_from_kthread, . - ret_from_kthread

/*
 * Where copy_thread_user() makes a fork child's first switch return: the
 * popped frame leaves %rsp at the child's struct pt_regs.
 */
	.globl ret_from_fork_user
	.type ret_from_fork_user, @function
ret_from_fork_user:
	xorl	%ebp, %ebp
	movq	%rax, %rdi
	call	schedule_tail
	call	schedule_tail_user
	movq	%rsp, %rdi
	jmp	ret_to_user_mode
	.size ret_from_fork_user, . - ret_from_fork_user
