/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The real-mode image: the one way a CPU gets from real mode into the
 * kernel, used by a secondary CPU's STARTUP and by the boot CPU waking
 * from ACPI S3.  init.c copies it to pages below 1 MiB and relocates it
 * (Documentation/x86/realmode.rst).
 *
 * Two entries, each 16-byte aligned so that a real-mode CS alone names
 * it:
 *   rm_start   offset 0: STARTUP sends a secondary CPU to CS = page << 8,
 *              IP = 0, caches disabled (INIT sets CR0.CD and NW);
 *   rm_wakeup  the FACS waking vector: firmware jumps to CS:IP =
 *              vector >> 4 : vector & 0xf (ACPI 6.5, 5.2.10) after a
 *              reset, with whatever caches and stack it likes.
 * Both reach rm_common with DS = the image's base >> 4 and %edi saying
 * which entry it was, since their CS differ, and take the same way to
 * long mode on the image's own page table (the first 2 MiB
 * identity-mapped, the kernel's upper half copied in before use).  Then a
 * secondary CPU jumps to secondary_startup_64; a waking CPU first copies
 * the kernel image's .data and .bss back from where do_suspend_lowlevel()
 * saved them (the firmware's reset may have reloaded the image from its
 * file, as QEMU does for a "-kernel" ELF), before anything reads a static
 * variable, then jumps to wakeup_long64.
 *
 * Absolute addresses are stored relative to rm_start; init.c adds the
 * base (fields marked "+ base") and fills in CR3, EFER and the entries.
 * Nothing here uses a stack: a waking CPU's is the firmware's.
 */
#include <asm/msr-index.h>
#include <asm/processor-flags.h>

#define RM_CS32		0x08
#define RM_DS		0x10
#define RM_CS64		0x18
/* caches on (CD = NW = 0), as the running kernel has them */
#define RM_CR0		(X86_CR0_PE | X86_CR0_MP | X86_CR0_ET | X86_CR0_NE | \
			 X86_CR0_WP | X86_CR0_PG)

#define OFF(x)		((x) - rm_start)

	.section .rodata, "a"
	.balign 16
	.globl rm_start
	.code16
rm_start:
	cli
	cld
	mov	%cs, %ax
	mov	%ax, %ds
	movl	$1, OFF(rm_alive)		/* real mode reached */
	xor	%edi, %edi			/* a secondary CPU */
	jmp	rm_common

	.balign 16
	.globl rm_wakeup
rm_wakeup:
	cli
	cld
	mov	%cs, %ax
	sub	$(OFF(rm_wakeup) >> 4), %ax
	mov	%ax, %ds
	mov	$1, %edi			/* the waking boot CPU */
	/* a forward jump: this CS cannot reach below rm_wakeup */
	jmp	rm_common

rm_common:
	movzwl	%ax, %esi
	shl	$4, %esi			/* %esi = base, for 32-bit code */
	lgdtl	OFF(rm_gdt_desc)
	mov	$X86_CR0_PE, %eax		/* also clears CD and NW */
	mov	%eax, %cr0
	ljmpl	*OFF(rm_pm_ptr)

	.code32
rm_pm:
	mov	$RM_DS, %eax
	mov	%eax, %ds
	mov	%eax, %es
	mov	%eax, %ss
	mov	$X86_CR4_PAE, %eax		/* and nothing the firmware set */
	mov	%eax, %cr4
	mov	OFF(rm_cr3)(%esi), %eax
	mov	%eax, %cr3
	mov	$MSR_EFER, %ecx
	mov	OFF(rm_efer)(%esi), %eax
	xor	%edx, %edx
	wrmsr
	mov	$RM_CR0, %eax
	mov	%eax, %cr0
	ljmpl	*OFF(rm_lm_ptr)(%esi)

	.code64
rm_lm:
	mov	%esi, %esi			/* upper halves are undefined */
	test	%edi, %edi
	jnz	1f
	movq	OFF(rm_ap_entry)(%rsi), %rax
	jmp	*%rax
1:	movq	OFF(rm_copy_dst)(%rsi), %rdi
	movq	OFF(rm_copy_len)(%rsi), %rcx
	movq	OFF(rm_wake_entry)(%rsi), %rax
	movq	OFF(rm_copy_src)(%rsi), %rsi
	rep movsb				/* the saved .data and .bss */
	jmp	*%rax

	.balign 8
	.globl rm_gdt
rm_gdt:
	.quad 0
	.quad 0x00cf9a000000ffff		/* RM_CS32 */
	.quad 0x00cf92000000ffff		/* RM_DS */
	.quad 0x00af9a000000ffff		/* RM_CS64 */
rm_gdt_end:
	.globl rm_gdt_desc, rm_pm_ptr, rm_lm_ptr, rm_cr3, rm_efer
	.globl rm_ap_entry, rm_alive, rm_wake_entry
	.globl rm_copy_src, rm_copy_dst, rm_copy_len
rm_gdt_desc:
	.word	rm_gdt_end - rm_gdt - 1
	.long	OFF(rm_gdt)			/* + base */
	.balign 4
rm_pm_ptr:
	.long	OFF(rm_pm)			/* + base */
	.word	RM_CS32
	.balign 4
rm_lm_ptr:
	.long	OFF(rm_lm)			/* + base */
	.word	RM_CS64
	.balign 8
rm_cr3:
	.long	0
rm_efer:
	.long	0
rm_ap_entry:
	.quad	0
rm_wake_entry:
	.quad	0
rm_copy_src:					/* kernel virtual addresses */
	.quad	0
rm_copy_dst:
	.quad	0
rm_copy_len:					/* bytes */
	.quad	0
rm_alive:
	.long	0
	.globl rm_end
rm_end:
