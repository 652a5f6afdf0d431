/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The 32-bit entries and the switch to long mode.  Two loaders come here:
 *
 * PVH: QEMU (and Xen) load vmlinux at its physical addresses and jump to
 * the address in the XEN_ELFNOTE_PHYS32_ENTRY note with 32-bit protected
 * mode, paging off, flat CS/DS, interrupts off, %ebx = physical address
 * of struct hvm_start_info.
 *
 * Multiboot2: GRUB finds the header below in the first 32 KiB of the
 * file, loads the segments at their physical addresses and jumps to
 * multiboot2_entry in the same state, with %eax = 0x36d76289 and %ebx =
 * the information structure.  On UEFI GRUB has already left boot
 * services (the header asks for no EFI entry, so firmware calls are
 * over) and dropped to 32-bit mode itself.
 *
 * Both go on in startup_32 with %ebp naming the loader (the PVH magic,
 * or whatever %eax the Multiboot2 loader gave): it switches to long mode
 * on a throw-away mapping (the first 4 GiB identity-mapped, so head64.c
 * can read a Multiboot2 structure wherever GRUB put it below 4 GiB, and
 * the first GiB at the kernel-image alias), clears .bss and calls
 * x86_64_start_kernel(info_phys, loader).  The real page tables are built
 * in C (arch/x86/mm/init.c) and this mapping is dropped.
 */
#include <asm/page_types.h>
#include <asm/processor-flags.h>
#include <asm/msr-index.h>
#include <asm/multiboot2.h>
#include <asm/bootparam.h>
#include "boot.h"

#define EARLY_CS64	0x08
#define EARLY_DS	0x10

	.section .note.Xen, "a", @note
	.balign 4
	.long 4				/* name size: "Xen\0" */
	.long 4				/* descriptor size */
	.long 18			/* XEN_ELFNOTE_PHYS32_ENTRY */
	.asciz "Xen"
	.balign 4
	.long _pa(pvh_start_xen)
	.balign 4

/*
 * The Multiboot2 header (specification 3.1): 8-byte aligned in the first
 * 32 KiB of the file, which the linker script ensures by putting this
 * section first in the first segment.  Every tag is 8-byte aligned.
 */
	.section .head.multiboot2, "a"
	.balign 8
mb2_header:
	.long	MULTIBOOT2_HEADER_MAGIC
	.long	MULTIBOOT2_ARCH_I386
	.long	mb2_header_end - mb2_header
	.long	0x100000000 - (MULTIBOOT2_HEADER_MAGIC + MULTIBOOT2_ARCH_I386 + \
			       (mb2_header_end - mb2_header))

	/* the information head64.c reads (all optional: GRUB gives them) */
	.balign 8
mb2_info_req:
	.word	MULTIBOOT2_HEADER_TAG_INFO_REQ, MULTIBOOT2_HEADER_TAG_OPTIONAL
	.long	mb2_info_req_end - mb2_info_req
	.long	MB2_TAG_CMDLINE, MB2_TAG_MODULE, MB2_TAG_MMAP
	.long	MB2_TAG_FRAMEBUFFER, MB2_TAG_ACPI_OLD, MB2_TAG_ACPI_NEW
	.long	MB2_TAG_EFI_MMAP
mb2_info_req_end:

	/* the ELF entry is the PVH one, and linked high: name ours */
	.balign 8
	.word	MULTIBOOT2_HEADER_TAG_ENTRY, 0
	.long	12
	.long	_pa(multiboot2_entry)

	/* a direct-colour framebuffer, 1024x768x32 if the firmware can */
	.balign 8
	.word	MULTIBOOT2_HEADER_TAG_FB, MULTIBOOT2_HEADER_TAG_OPTIONAL
	.long	20
	.long	1024, 768, 32

	/* modules (the initramfs) on page boundaries */
	.balign 8
	.word	MULTIBOOT2_HEADER_TAG_MOD_ALIGN, 0
	.long	8

	/* no EFI boot-services tag: GRUB exits boot services before entry */
	.balign 8
	.word	MULTIBOOT2_HEADER_TAG_END, 0
	.long	8
mb2_header_end:

	.code32
	.section .head.text, "ax"
	.globl pvh_start_xen
pvh_start_xen:
	cli
	cld
	/*
	 * Before anything is written to the image or compiled code runs,
	 * and before the GDT in .rodata is used: is the image in RAM?
	 */
	BOOT_CALL verify_image_in_ram
	mov	$XEN_HVM_START_MAGIC_VALUE, %ebp
	jmp	startup_32

/*
 * GRUB loaded every segment into memory its own map says is free RAM,
 * so verify_image_in_ram (which reads a PVH map) has nothing to add.
 */
	.globl multiboot2_entry
multiboot2_entry:
	cli
	cld
	mov	%eax, %ebp		/* head64.c checks the magic */

/* %ebx: the loader's structure, %ebp: which loader; both kept */
startup_32:
	lgdt	_pa(early_gdt_desc)
	mov	$EARLY_DS, %eax
	mov	%eax, %ds
	mov	%eax, %es
	mov	%eax, %ss
	mov	%eax, %fs
	mov	%eax, %gs

	/* can this CPU run the kernel?  The image is RAM, so the stack is */
	mov	$_pa(boot_stack_top), %esp
	mov	%ebx, %esi		/* keep start_info; cpuid clobbers %ebx */
	call	verify_cpu

	/* EFER.NXE only where the CPU has NX, or the wrmsr would fault */
	xor	%edi, %edi
	mov	$0x80000000, %eax
	cpuid
	cmp	$0x80000001, %eax
	jb	1f
	mov	$0x80000001, %eax
	cpuid
	bt	$20, %edx
	jnc	1f
	mov	$EFER_NX, %edi
1:
	mov	%cr4, %eax
	or	$X86_CR4_PAE, %eax
	mov	%eax, %cr4

	mov	$_pa(early_pml4), %eax
	mov	%eax, %cr3

	mov	$MSR_EFER, %ecx
	rdmsr
	or	$EFER_LME, %eax
	or	%edi, %eax
	wrmsr

	mov	%cr0, %eax
	or	$(X86_CR0_PG | X86_CR0_WP | X86_CR0_PE), %eax
	mov	%eax, %cr0

	ljmp	$EARLY_CS64, $_pa(startup_64_low)

	.code64
startup_64_low:
	/* still running at the physical address: go to the kernel mapping */
	movabs	$startup_64, %rax
	jmp	*%rax

	.text
startup_64:
	xor	%eax, %eax
	mov	%eax, %ds
	mov	%eax, %es
	mov	%eax, %ss
	mov	%eax, %fs
	mov	%eax, %gs

	/* .bss, boot stack included, before any C runs */
	movabs	$__bss_start, %rdi
	movabs	$__bss_stop, %rcx
	sub	%rdi, %rcx
	shr	$3, %rcx
	xor	%eax, %eax
	rep stosq

	movabs	$boot_stack_top, %rsp
	mov	%esi, %edi		/* zero-extends the structure's address */
	mov	%ebp, %esi		/* the loader */
	xor	%ebp, %ebp
	call	x86_64_start_kernel
2:	hlt
	jmp	2b

/*
 * Secondary CPUs arrive here from the real-mode image
 * (arch/x86/realmode/rm.S) in long mode, on its page table and without a
 * stack.  Take
 * the kernel's page tables and the stack the boot CPU set aside, then C.
 */
#ifdef CONFIG_SMP
	.globl secondary_startup_64
secondary_startup_64:
	movabs	$init_pgd_phys, %rax
	mov	(%rax), %rax
	mov	%rax, %cr3
	xor	%eax, %eax
	mov	%eax, %ds
	mov	%eax, %es
	mov	%eax, %ss
	movabs	$smp_initial_stack, %rax
	mov	(%rax), %rsp
	xor	%ebp, %ebp
	call	start_secondary
3:	hlt
	jmp	3b
#endif

	.section .data.page_aligned, "aw"
	.balign 4096
/*
 * The first 4 GiB at 0 (so the code right after enabling paging keeps
 * running, and head64.c reaches a Multiboot2 structure anywhere below
 * 4 GiB), and the first GiB again at __START_KERNEL_map (where the
 * kernel is linked).  Each entry is P | RW, and PS in the page
 * directories.
 */
	.globl early_pml4
early_pml4:
	.quad _pa(early_pdpt_low) + 0x3
	.fill 510, 8, 0
	.quad _pa(early_pdpt_high) + 0x3
early_pdpt_low:
	.quad _pa(early_pd) + 0x3
	.quad _pa(early_pd) + 0x1000 + 0x3
	.quad _pa(early_pd) + 0x2000 + 0x3
	.quad _pa(early_pd) + 0x3000 + 0x3
	.fill 508, 8, 0
early_pdpt_high:
	.fill 510, 8, 0
	.quad _pa(early_pd) + 0x3
	.quad 0
early_pd:
	.set i, 0
	.rept 4 * 512
	.quad (i << PMD_SHIFT) + 0x83
	.set i, i + 1
	.endr

	.section .rodata
	.balign 16
early_gdt:
	.quad 0
	.quad 0x00af9a000000ffff	/* 0x08: 64-bit code */
	.quad 0x00cf92000000ffff	/* 0x10: flat data */
early_gdt_end:
early_gdt_desc:
	.word early_gdt_end - early_gdt - 1
	.long _pa(early_gdt)

	.section .bss.page_aligned, "aw", @nobits
	.balign 4096
	.globl boot_stack
boot_stack:
	.skip THREAD_SIZE
	.globl boot_stack_top
boot_stack_top:
