/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a secondary CPU starts: STARTUP sends it to CS = page << 8, IP = 0
 * in real mode, with caches disabled (INIT sets CR0.CD and NW).  This blob
 * is copied to a page below 1 MiB and takes the CPU to long mode on a
 * small page table of its own (the trampoline page identity-mapped, the
 * kernel's upper half copied in), then jumps to secondary_startup_64 in
 * the kernel image, which switches to the kernel's page tables.
 *
 * The code runs at whatever address the page has, so every absolute
 * address in it is stored relative to trampoline_start and the boot CPU
 * adds the page's address (fields marked "+ base") before the first
 * STARTUP.  The boot CPU also fills in CR3, EFER and the 64-bit entry.
 */
#include <asm/msr-index.h>
#include <asm/processor-flags.h>

#define TR_CS32		0x08
#define TR_DS		0x10
#define TR_CS64		0x18
/* PE MP ET NE WP PG: caches on (CD = NW = 0), as the boot CPU has them */
#define TR_CR0		(X86_CR0_PE | X86_CR0_MP | X86_CR0_ET | X86_CR0_NE | \
			 X86_CR0_WP | X86_CR0_PG)

#define OFF(x)		((x) - trampoline_start)

	.section .rodata, "a"
	.balign 16
	.globl trampoline_start
	.code16
trampoline_start:
	cli
	cld
	mov	%cs, %ax
	mov	%ax, %ds
	movzwl	%ax, %esi
	shl	$4, %esi			/* %esi = base, for 32-bit code */
	movl	$1, OFF(tr_alive)		/* real mode reached */
	lgdtl	OFF(tr_gdt_desc)
	mov	$X86_CR0_PE, %eax		/* also clears CD and NW */
	mov	%eax, %cr0
	ljmpl	*OFF(tr_pm_ptr)

	.code32
tr_pm:
	mov	$TR_DS, %eax
	mov	%eax, %ds
	mov	%eax, %es
	mov	%eax, %ss
	mov	%cr4, %eax
	or	$X86_CR4_PAE, %eax
	mov	%eax, %cr4
	mov	OFF(tr_cr3)(%esi), %eax
	mov	%eax, %cr3
	mov	$MSR_EFER, %ecx
	mov	OFF(tr_efer)(%esi), %eax
	xor	%edx, %edx
	wrmsr
	mov	$TR_CR0, %eax
	mov	%eax, %cr0
	ljmpl	*OFF(tr_lm_ptr)(%esi)

	.code64
tr_lm:
	mov	%esi, %esi			/* upper half is undefined */
	movq	OFF(tr_entry)(%rsi), %rax
	jmp	*%rax

	.balign 8
tr_gdt:
	.quad 0
	.quad 0x00cf9a000000ffff		/* TR_CS32 */
	.quad 0x00cf92000000ffff		/* TR_DS */
	.quad 0x00af9a000000ffff		/* TR_CS64 */
tr_gdt_end:
	.globl tr_gdt_desc, tr_pm_ptr, tr_lm_ptr, tr_cr3, tr_efer, tr_entry
	.globl tr_alive
tr_gdt_desc:
	.word	tr_gdt_end - tr_gdt - 1
	.long	OFF(tr_gdt)			/* + base */
	.balign 4
tr_pm_ptr:
	.long	OFF(tr_pm)			/* + base */
	.word	TR_CS32
	.balign 4
tr_lm_ptr:
	.long	OFF(tr_lm)			/* + base */
	.word	TR_CS64
	.balign 8
tr_cr3:
	.long	0
tr_efer:
	.long	0
tr_entry:
	.quad	0
tr_alive:
	.long	0
	.globl trampoline_end
trampoline_end:
