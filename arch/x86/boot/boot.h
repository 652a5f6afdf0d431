/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the 32-bit entry code (head.S, verify_mem.S, verify_cpu.S,
 * early_serial.S).  It runs at physical addresses with paging off and,
 * until the image is known to be in RAM, without a stack: its helpers
 * are entered with a jump and return through %ebp (BOOT_CALL).
 */
#ifndef _ARCH_X86_BOOT_BOOT_H
#define _ARCH_X86_BOOT_BOOT_H

#include <asm/page_types.h>

#define _pa(x)		((x) - __START_KERNEL_map)

/* call a helper that returns through %ebp: no stack needed */
.macro BOOT_CALL fn
	mov	$_pa(.Lret_\@), %ebp
	jmp	\fn
.Lret_\@:
.endm

/* print the string at @msg (a kernel symbol) on COM1 */
.macro BOOT_PUTS msg
	mov	$_pa(\msg), %esi
	BOOT_CALL early_puts
.endm

#endif /* _ARCH_X86_BOOT_BOOT_H */
