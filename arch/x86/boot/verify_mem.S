/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Is the whole image, .bss and boot stack included, in RAM?  QEMU loads
 * what fits and drops the rest without a word (-m 3M leaves the top of
 * the image in nothing, or on top of the firmware's tables; -m 2M all of
 * it), so without this check a small machine crashes silently on its
 * first stack push, or never runs a kernel instruction at all.  Runs
 * first, on the loader's flat segments, with no stack, before anything
 * is written to the image.  This code, early_serial.S and the text they
 * print live in .head.text, which the linker script puts at 1 MiB, apart
 * from the image: there it is RAM even with -m 2M.
 */
#include <asm/bootparam.h>
#include "boot.h"

	.code32
	.section .head.text, "ax"

/*
 * verify_image_in_ram - return (through %ebp) if the loader's memory map
 * has RAM under [_pa(_text), _pa(_end)), else say so on COM1 and stop.
 * %ebx: struct hvm_start_info; kept.  Uses %eax, %ecx, %edx, %esi, %edi.
 *
 * A start_info that is not PVH's, or that has no memory map below 4 GiB,
 * is left to head64.c, which names the problem.  The map need not be
 * sorted or merged: each pass moves the covered end (%edi) through every
 * RAM entry that starts at or below it, until a pass changes nothing.
 */
	.globl verify_image_in_ram
verify_image_in_ram:
	cmpl	$XEN_HVM_START_MAGIC_VALUE, HVM_START_INFO_MAGIC(%ebx)
	jne	.Ldone
	cmpl	$1, HVM_START_INFO_VERSION(%ebx)
	jb	.Ldone
	cmpl	$0, HVM_START_INFO_MEMMAP_PADDR + 4(%ebx)
	jne	.Ldone
	cmpl	$0, HVM_START_INFO_MEMMAP_ENTRIES(%ebx)
	je	.Ldone
	mov	$_pa(_text), %edi
.Lpass:
	mov	%edi, %esi
	mov	HVM_START_INFO_MEMMAP_PADDR(%ebx), %edx
	mov	HVM_START_INFO_MEMMAP_ENTRIES(%ebx), %ecx
.Lentry:
	cmpl	$XEN_HVM_MEMMAP_TYPE_RAM, HVM_MEMMAP_ENTRY_TYPE(%edx)
	jne	.Lnext
	cmpl	$0, HVM_MEMMAP_ENTRY_ADDR + 4(%edx)
	jne	.Lnext				/* starts above 4 GiB */
	mov	HVM_MEMMAP_ENTRY_ADDR(%edx), %eax
	cmp	%edi, %eax
	ja	.Lnext				/* starts above the covered end */
	add	HVM_MEMMAP_ENTRY_SIZE(%edx), %eax
	jc	.Lto_4g
	cmpl	$0, HVM_MEMMAP_ENTRY_SIZE + 4(%edx)
	jne	.Lto_4g
	cmp	%edi, %eax
	jbe	.Lnext
	mov	%eax, %edi
	jmp	.Lnext
.Lto_4g:
	mov	$0xffffffff, %edi
.Lnext:
	add	$HVM_MEMMAP_ENTRY_BYTES, %edx
	dec	%ecx
	jnz	.Lentry
	cmp	$_pa(_end), %edi
	jae	.Ldone
	cmp	%esi, %edi
	jne	.Lpass

	mov	%edi, %ebx		/* the first address that is not RAM */
	BOOT_CALL early_serial_init
	BOOT_PUTS msg_image
	mov	$_pa(_text), %eax
	BOOT_CALL early_puthex
	mov	$'-', %cl
	BOOT_CALL early_putc
	mov	$_pa(_end) - 1, %eax
	BOOT_CALL early_puthex
	BOOT_PUTS msg_not_ram
	mov	%ebx, %eax
	BOOT_CALL early_puthex
	BOOT_PUTS msg_more_memory
	jmp	early_die

.Ldone:
	jmp	*%ebp

	/* next to the code: see verify_mem.S */
	.section .head.text, "ax"
msg_image:
	.asciz	"PVH: kernel image [mem "
msg_not_ram:
	.asciz	"] is not all in RAM: no RAM at "
msg_more_memory:
	.asciz	"\nUnable to boot - the machine needs more memory (see Documentation/x86/boot.rst).\n"
