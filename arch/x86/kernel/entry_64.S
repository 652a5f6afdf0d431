/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Exception and interrupt entry.  Every vector gets a stub that makes the
 * stack look the same (an error code, real or 0, then the vector number)
 * and jumps to common_entry, which saves the general registers as a
 * struct pt_regs and calls do_trap().  The stack is 16-byte aligned at the
 * call: the CPU aligns before pushing five words, and we push 17 more.
 */
#include <asm/segment.h>

/* vectors whose exceptions push an error code (SDM Vol. 3A, 6.15) */
#define HAS_ERROR_CODE(v) \
	((v) == 8 || ((v) >= 10 && (v) <= 14) || (v) == 17 || (v) == 21 || \
	 (v) == 29 || (v) == 30)

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
	jmp	common_entry
	.set vec, vec + 1
	.endr

common_entry:
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
	movq	%rsp, %rdi
	call	do_trap
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
	addq	$16, %rsp		/* vector and error code */
	iretq
