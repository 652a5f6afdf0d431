/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The only instructions that touch user memory.  Each may fault; its
 * exception-table entry resumes after it with the registers as the fault
 * left them: a string instruction that faults has advanced RDI/RSI and
 * counted RCX down by the elements it did, so what is left is known.
 * The callers (usercopy.c) check the range and bracket these with
 * stac/clac where the CPU has SMAP.
 */
#include <linux/errno.h>

	.text

/*
 * Qwords first, then the tail bytes (a byte per iteration is eight times
 * the work, notably under TCG).  A fault in the qword loop retries what is
 * left byte by byte, which faults again at the exact byte, so the count
 * returned is exact.
 */

/* unsigned long __copy_user_bytes(void *to, const void *from, unsigned long n)
 * returns the bytes not copied */
	.globl	__copy_user_bytes
	.type	__copy_user_bytes, @function
__copy_user_bytes:
	movq	%rdx, %rcx
	shrq	$3, %rcx
	andl	$7, %edx
1:	rep movsq
	movl	%edx, %ecx
2:	rep movsb
3:	movq	%rcx, %rax
	ret
4:	leaq	(%rdx,%rcx,8), %rcx
	jmp	2b
	.pushsection __ex_table, "a"
	.balign	8
	.quad	1b, 4b
	.quad	2b, 3b
	.popsection
	.size	__copy_user_bytes, . - __copy_user_bytes

/* unsigned long __clear_user_bytes(void *to, unsigned long n)
 * returns the bytes not cleared */
	.globl	__clear_user_bytes
	.type	__clear_user_bytes, @function
__clear_user_bytes:
	movq	%rsi, %rcx
	shrq	$3, %rcx
	andl	$7, %esi
	xorl	%eax, %eax
5:	rep stosq
	movl	%esi, %ecx
6:	rep stosb
7:	movq	%rcx, %rax
	ret
8:	leaq	(%rsi,%rcx,8), %rcx
	jmp	6b
	.pushsection __ex_table, "a"
	.balign	8
	.quad	5b, 8b
	.quad	6b, 7b
	.popsection
	.size	__clear_user_bytes, . - __clear_user_bytes

/* int __get_user_byte(u8 *val, const void *src): 0, or -EFAULT */
	.globl	__get_user_byte
	.type	__get_user_byte, @function
__get_user_byte:
	xorl	%eax, %eax
9:	movb	(%rsi), %dl
	movb	%dl, (%rdi)
	ret
10:	movl	$-EFAULT, %eax
	ret
	.pushsection __ex_table, "a"
	.balign	8
	.quad	9b, 10b
	.popsection
	.size	__get_user_byte, . - __get_user_byte
