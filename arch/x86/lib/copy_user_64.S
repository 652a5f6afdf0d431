/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The only instructions that touch user memory.  Each may fault; its
 * exception-table entry resumes after it with the registers as the fault
 * left them: a string instruction that faults has advanced RDI/RSI and
 * counted RCX down by what it did, so RCX is exactly what is left.
 * The callers (usercopy.c) check the range and bracket these with
 * stac/clac where the CPU has SMAP.
 */
#include <linux/errno.h>

	.text

/* unsigned long __copy_user_bytes(void *to, const void *from, unsigned long n)
 * returns the bytes not copied */
	.globl	__copy_user_bytes
	.type	__copy_user_bytes, @function
__copy_user_bytes:
	movq	%rdx, %rcx
1:	rep movsb
2:	movq	%rcx, %rax
	ret
	.pushsection __ex_table, "a"
	.balign	8
	.quad	1b, 2b
	.popsection
	.size	__copy_user_bytes, . - __copy_user_bytes

/* unsigned long __clear_user_bytes(void *to, unsigned long n)
 * returns the bytes not cleared */
	.globl	__clear_user_bytes
	.type	__clear_user_bytes, @function
__clear_user_bytes:
	movq	%rsi, %rcx
	xorl	%eax, %eax
3:	rep stosb
4:	movq	%rcx, %rax
	ret
	.pushsection __ex_table, "a"
	.balign	8
	.quad	3b, 4b
	.popsection
	.size	__clear_user_bytes, . - __clear_user_bytes

/* int __get_user_byte(u8 *val, const void *src): 0, or -EFAULT */
	.globl	__get_user_byte
	.type	__get_user_byte, @function
__get_user_byte:
	xorl	%eax, %eax
5:	movb	(%rsi), %dl
	movb	%dl, (%rdi)
	ret
6:	movl	$-EFAULT, %eax
	ret
	.pushsection __ex_table, "a"
	.balign	8
	.quad	5b, 6b
	.popsection
	.size	__get_user_byte, . - __get_user_byte
