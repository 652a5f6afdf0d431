/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel entry and exit.
 *
 * Exceptions and interrupts: every vector gets a stub that makes the stack
 * look the same (an error code, real or 0, then the vector number) and
 * jumps to common_entry, which saves the general registers as a struct
 * pt_regs and calls do_trap().  The stack is 16-byte aligned at the call:
 * the CPU aligns before pushing five words, and we push 17 more.
 *
 * System calls: SYSCALL leaves the user RSP in place and the return
 * address in RCX, RFLAGS in R11.  entry_SYSCALL_64 switches to the task's
 * kernel stack (the per-CPU top_of_stack) and builds the same struct
 * pt_regs an interrupt from user mode would, so everything after it (the
 * exit path, signal frames, fork, exec) deals with one layout.
 *
 * GS: the kernel's GS base points at its per-CPU area, user mode has its
 * own.  Entries from ring 3 (the saved CS has RPL 3) swap them before any
 * C runs and swap back just before IRETQ/SYSRETQ.  NMIs, machine checks
 * and double faults can also arrive between an entry and its SWAPGS, so
 * they decide by the GS base itself: a user base is below the kernel half.
 */
#include <linux/errno.h>
#include <asm/msr-index.h>
#include <asm/percpu.h>
#include <asm/segment.h>

/* vectors whose exceptions push an error code (SDM Vol. 3A, 6.15) */
#define HAS_ERROR_CODE(v) \
	((v) == 8 || ((v) >= 10 && (v) <= 14) || (v) == 17 || (v) == 21 || \
	 (v) == 29 || (v) == 30)
/* vectors that may interrupt the few instructions around SWAPGS */
#define PARANOID(v)	((v) == 2 || (v) == 8 || (v) == 18)

/* struct pt_regs offsets: 15 general registers, vector, error, ip, cs */
#define REGS_VECTOR	(15 * 8)
#define REGS_CS		(REGS_VECTOR + 3 * 8)
/* from the vector, once the general registers are popped */
#define IRET_SP		(5 * 8)

	.macro SAVE_REGS
	cld
	pushq	%rdi
	pushq	%rsi
	pushq	%rdx
	pushq	%rcx
	pushq	%rax
	pushq	%r8
	pushq	%r9
	pushq	%r10
	pushq	%r11
	pushq	%rbx
	pushq	%rbp
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	.endm

	.macro RESTORE_REGS
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
	popq	%r11
	popq	%r10
	popq	%r9
	popq	%r8
	popq	%rax
	popq	%rcx
	popq	%rdx
	popq	%rsi
	popq	%rdi
	.endm

	.text
	.balign 16
	.globl idt_stubs
idt_stubs:
	.set vec, 0
	.rept 256
	.balign 16
	.if !HAS_ERROR_CODE(vec)
	pushq	$0
	.endif
	pushq	$vec
	.if PARANOID(vec)
	jmp	paranoid_entry
	.else
	jmp	common_entry
	.endif
	.set vec, vec + 1
	.endr

common_entry:
	testb	$SEGMENT_RPL_MASK, 3 * 8(%rsp)	/* CS, above vector, error */
	jz	1f
	swapgs
1:	SAVE_REGS
	movq	%rsp, %rdi
	call	do_trap
	/* fall through */

/* leave through the struct pt_regs at %rsp, to whichever mode it names */
	.globl	ret_from_trap
ret_from_trap:
	testb	$SEGMENT_RPL_MASK, REGS_CS(%rsp)
	jz	2f
	cli
	movq	%rsp, %rdi
	call	exit_to_user_mode
restore_to_user:
	RESTORE_REGS
	addq	$16, %rsp		/* vector and error code */
	swapgs
	iretq
2:	RESTORE_REGS
	addq	$16, %rsp
	iretq

paranoid_entry:
	SAVE_REGS
	xorl	%ebx, %ebx		/* callee-saved: did we swap? */
	movl	$MSR_GS_BASE, %ecx
	rdmsr
	testl	%edx, %edx		/* a kernel base has bit 63 set */
	js	1f
	swapgs
	movl	$1, %ebx
1:	movq	%rsp, %rdi
	call	do_trap
	testl	%ebx, %ebx
	jz	2f
	swapgs
2:	RESTORE_REGS
	addq	$16, %rsp
	iretq

/*
 * SYSCALL from 64-bit user mode.  Interrupts are off (IA32_FMASK clears
 * IF, TF, DF and AC) until do_syscall_64() has saved everything.
 */
	.globl	entry_SYSCALL_64
entry_SYSCALL_64:
	swapgs
	movq	%rsp, %gs:PCPU_USER_SP
	movq	%gs:PCPU_TOP_OF_STACK, %rsp
	pushq	$__USER_DS			/* ss */
	pushq	%gs:PCPU_USER_SP		/* sp */
	pushq	%r11				/* flags */
	pushq	$__USER_CS			/* cs */
	pushq	%rcx				/* ip */
	pushq	%rax				/* orig_ax */
	pushq	$-1				/* vector: a system call */
	SAVE_REGS
	movq	%rsp, %rdi
	call	do_syscall_64		/* exit work done; true: SYSRET may return */
	testb	%al, %al
	jz	restore_to_user
	/*
	 * do_syscall_64() checked what SYSRET cannot get wrong: RCX = RIP
	 * and R11 = RFLAGS, RIP in the user half, our CS and SS.  Interrupts
	 * are off from here on.
	 */
	RESTORE_REGS
	movq	IRET_SP(%rsp), %rsp
	swapgs
	sysretq

/* SYSCALL from 32-bit compatibility mode: not supported, as in Linux
 * without IA32 emulation */
	.globl	entry_SYSCALL_compat_ignore
entry_SYSCALL_compat_ignore:
	movl	$-ENOSYS, %eax
	sysretl

/*
 * A new user task (after exec, or a fork child) enters user mode here:
 * its struct pt_regs is at the top of its kernel stack, @rdi.
 */
	.globl	ret_to_user_mode
ret_to_user_mode:
	movq	%rdi, %rsp
	jmp	ret_from_trap
