/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where the boot CPU comes back from ACPI S3.  The firmware resets the
 * CPU, re-initialises what it must and jumps in real mode to the FACS
 * waking vector, CS:IP = vector >> 4 : vector & 0xf (ACPI 6.5, 5.2.10).
 * arch/x86/kernel/acpi/sleep.c copies this blob to a 16-byte aligned page
 * below 1 MiB, so IP is 0 and CS alone gives the base; it takes the CPU to
 * long mode on a page table of its own (the first 2 MiB identity-mapped,
 * the kernel's upper half copied in just before sleeping), then jumps to
 * wakeup_long64 in the kernel image, which restores the rest.
 *
 * Before that jump it copies the kernel image's writable part (.data and
 * .bss) back from where do_suspend_lowlevel() saved it: the firmware's
 * reset may have reloaded the image from the file it came from, as QEMU
 * does for a "-kernel" ELF on every reset, the S3 wake included, which
 * would leave every static variable as it was at boot.  The copy runs
 * from this page, which QEMU leaves alone, before the kernel reads any
 * static variable.  On hardware that keeps RAM as it was, it rewrites
 * what is already there.
 *
 * Absolute addresses are stored relative to wakeup_start; the kernel adds
 * the page's address (fields marked "+ base") and fills in CR3, EFER,
 * the copy and the 64-bit entry.  Nothing here uses a stack: the
 * firmware's is unknown.
 */
#include <asm/msr-index.h>
#include <asm/processor-flags.h>

#define WK_CS32		0x08
#define WK_DS		0x10
#define WK_CS64		0x18
/* caches on (CD = NW = 0), whatever the firmware left */
#define WK_CR0		(X86_CR0_PE | X86_CR0_MP | X86_CR0_ET | X86_CR0_NE | \
			 X86_CR0_WP | X86_CR0_PG)

#define OFF(x)		((x) - wakeup_start)

	.section .rodata, "a"
	.balign 16
	.globl wakeup_start
	.code16
wakeup_start:
	cli
	cld
	mov	%cs, %ax
	mov	%ax, %ds
	movzwl	%ax, %esi
	shl	$4, %esi			/* %esi = base, for 32-bit code */
	lgdtl	OFF(wk_gdt_desc)
	mov	$X86_CR0_PE, %eax		/* also clears CD and NW */
	mov	%eax, %cr0
	ljmpl	*OFF(wk_pm_ptr)

	.code32
wk_pm:
	mov	$WK_DS, %eax
	mov	%eax, %ds
	mov	%eax, %es
	mov	%eax, %ss
	mov	$X86_CR4_PAE, %eax		/* and nothing the firmware set */
	mov	%eax, %cr4
	mov	OFF(wk_cr3)(%esi), %eax
	mov	%eax, %cr3
	mov	$MSR_EFER, %ecx
	mov	OFF(wk_efer)(%esi), %eax
	xor	%edx, %edx
	wrmsr
	mov	$WK_CR0, %eax
	mov	%eax, %cr0
	ljmpl	*OFF(wk_lm_ptr)(%esi)

	.code64
wk_lm:
	mov	%esi, %esi			/* upper half is undefined */
	movq	OFF(wk_copy_dst)(%rsi), %rdi
	movq	OFF(wk_copy_len)(%rsi), %rcx
	movq	OFF(wk_entry)(%rsi), %rax
	movq	OFF(wk_copy_src)(%rsi), %rsi
	rep movsb				/* the saved .data and .bss */
	jmp	*%rax

	.balign 8
wk_gdt:
	.quad 0
	.quad 0x00cf9a000000ffff		/* WK_CS32 */
	.quad 0x00cf92000000ffff		/* WK_DS */
	.quad 0x00af9a000000ffff		/* WK_CS64 */
wk_gdt_end:
	.globl wk_gdt_desc, wk_pm_ptr, wk_lm_ptr, wk_cr3, wk_efer, wk_entry
	.globl wk_copy_src, wk_copy_dst, wk_copy_len
wk_gdt_desc:
	.word	wk_gdt_end - wk_gdt - 1
	.long	OFF(wk_gdt)			/* + base */
	.balign 4
wk_pm_ptr:
	.long	OFF(wk_pm)			/* + base */
	.word	WK_CS32
	.balign 4
wk_lm_ptr:
	.long	OFF(wk_lm)			/* + base */
	.word	WK_CS64
	.balign 8
wk_cr3:
	.long	0
wk_efer:
	.long	0
wk_entry:
	.quad	0
wk_copy_src:					/* kernel virtual addresses */
	.quad	0
wk_copy_dst:
	.quad	0
wk_copy_len:					/* bytes */
	.quad	0
	.globl wakeup_end
wakeup_end:
