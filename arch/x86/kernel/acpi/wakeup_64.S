/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The boot CPU's state across ACPI S3, in the way of setjmp/longjmp:
 * do_suspend_lowlevel() saves what C cannot (control registers, EFER,
 * descriptor tables, segments, the FS/GS bases, the stack and the
 * callee-saved registers) in x86_saved_context, then copies the kernel
 * image's writable part [_sdata, _edata), that context and a stack in
 * .bss included, to a buffer the real-mode image copies back on wake (see
 * arch/x86/realmode/rm.S for why), and calls the function that writes PM1
 * control.  If that returns, the machine did not sleep and its error is
 * returned.  If it sleeps, the CPU comes back through the real-mode
 * image's wake entry to wakeup_long64, which puts
 * everything back and returns 0 from do_suspend_lowlevel() on the saved
 * stack.  The rest (SYSCALL MSRs, PAT, MTRRs, FPU, devices) is C's job,
 * in arch/x86/kernel/acpi/sleep.c, with interrupts still off.
 */
#include <asm/msr-index.h>
#include <asm/suspend.h>

/* the MSR @msr into the context at @off(%rsi), and back; %eax %ecx %edx */
	.macro save_msr msr, off
	movl	$\msr, %ecx
	rdmsr
	movl	%eax, \off(%rsi)
	movl	%edx, \off + 4(%rsi)
	.endm

	.macro restore_msr msr, off
	movl	$\msr, %ecx
	movl	\off(%rsi), %eax
	movl	\off + 4(%rsi), %edx
	wrmsr
	.endm

	.text
/* int do_suspend_lowlevel(int (*enter)(void), void *image_copy) */
	.globl do_suspend_lowlevel
do_suspend_lowlevel:
	movq	%rdi, %r9
	movq	%rsi, %r10
	leaq	x86_saved_context(%rip), %rsi
	movq	%rsp, SC_RSP(%rsi)		/* at our return address */
	movq	%rbx, SC_RBX(%rsi)
	movq	%rbp, SC_RBP(%rsi)
	movq	%r12, SC_R12(%rsi)
	movq	%r13, SC_R13(%rsi)
	movq	%r14, SC_R14(%rsi)
	movq	%r15, SC_R15(%rsi)
	movq	%cr0, %rax
	movq	%rax, SC_CR0(%rsi)
	movq	%cr3, %rax
	movq	%rax, SC_CR3(%rsi)
	movq	%cr4, %rax
	movq	%rax, SC_CR4(%rsi)
	sgdt	SC_GDT(%rsi)
	sidt	SC_IDT(%rsi)
	str	SC_TR(%rsi)
	movw	%cs, SC_CS(%rsi)
	movw	%ds, SC_DS(%rsi)
	movw	%es, SC_ES(%rsi)
	movw	%ss, SC_SS(%rsi)
	movw	%fs, SC_FS(%rsi)
	movw	%gs, SC_GS(%rsi)
	save_msr MSR_EFER, SC_EFER
	save_msr MSR_FS_BASE, SC_FS_BASE
	save_msr MSR_GS_BASE, SC_GS_BASE
	save_msr MSR_KERNEL_GS_BASE, SC_KGS_BASE
	/* last: the copy must hold the context above */
	movq	%r10, %rdi
	leaq	_sdata(%rip), %rsi
	leaq	_edata(%rip), %rcx
	subq	%rsi, %rcx
	cld
	rep movsb
	subq	$8, %rsp			/* the ABI's 16-byte alignment */
	call	*%r9
	addq	$8, %rsp
	ret					/* did not sleep: its error */

/*
 * From arch/x86/realmode/rm.S: long mode, its page table, no stack,
 * .data and .bss as they were when do_suspend_lowlevel() copied them.
 */
	.globl wakeup_long64
wakeup_long64:
	leaq	x86_saved_context(%rip), %rsi
	/* EFER first: SCE, and NX before the kernel's tables use it */
	restore_msr MSR_EFER, SC_EFER
	movq	SC_CR3(%rsi), %rax
	movq	%rax, %cr3
	movq	SC_CR4(%rsi), %rax
	movq	%rax, %cr4
	movq	SC_CR0(%rsi), %rax
	movq	%rax, %cr0
	movq	SC_RSP(%rsi), %rsp
	lgdt	SC_GDT(%rsi)
	lidt	SC_IDT(%rsi)
	movzwq	SC_CS(%rsi), %rax
	pushq	%rax
	leaq	1f(%rip), %rax
	pushq	%rax
	lretq					/* CS from the kernel's GDT */
1:	movw	SC_DS(%rsi), %ds
	movw	SC_ES(%rsi), %es
	movw	SC_SS(%rsi), %ss
	movw	SC_FS(%rsi), %fs
	movw	SC_GS(%rsi), %gs
	/*
	 * LTR faults on a busy TSS descriptor, and the one in the GDT was
	 * marked busy by the LTR at boot: make it available again (type
	 * 0xb -> 0x9, bit 1 of the access byte, SDM Vol. 3A 7.2.2).
	 */
	movzwq	SC_TR(%rsi), %rax
	movq	SC_GDT + 2(%rsi), %rdx
	andb	$~0x02, 5(%rdx, %rax)
	ltr	%ax
	/* after the selectors: loading them may clear the bases */
	restore_msr MSR_FS_BASE, SC_FS_BASE
	restore_msr MSR_GS_BASE, SC_GS_BASE
	restore_msr MSR_KERNEL_GS_BASE, SC_KGS_BASE
	movq	SC_RBX(%rsi), %rbx
	movq	SC_RBP(%rsi), %rbp
	movq	SC_R12(%rsi), %r12
	movq	SC_R13(%rsi), %r13
	movq	SC_R14(%rsi), %r14
	movq	SC_R15(%rsi), %r15
	xorl	%eax, %eax
	ret					/* from do_suspend_lowlevel() */
