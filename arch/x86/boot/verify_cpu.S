/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Can this CPU run the kernel at all?  Checked in 32-bit mode, before
 * long mode is tried and before any compiled C runs (the compiler emits
 * CMOV; SSE2 is needed for MFENCE; ...), with Linux's boot code's rules
 * and messages (arch/x86/boot/cpu.c, cpucheck.c): without long mode
 *
 *   This kernel requires an x86-64 CPU, but only detected an i686 CPU.
 *
 * else, with a required feature (asm/required-features.h) missing
 *
 *   This kernel requires the following features not present on the CPU:
 *   cmov sse2
 *
 * and in either case "Unable to boot - please use a kernel appropriate
 * for your CPU.", then early_die.  Linux's enabling of SSE that a K7's
 * BIOS turned off, and of CX8 on some VIA and Transmeta parts, is not
 * tried.
 */
#include <asm/cpufeatures.h>
#include <asm/processor-flags.h>
#include <asm/required-features.h>
#include "boot.h"

#define REQUIRED_LEVEL	64		/* Linux's "level" of an x86-64 CPU */

	.code32
	.section .head.text, "ax"

/* Is @bit of EFLAGS writable?  Clears ZF if so.  Uses %eax, %ecx. */
.macro eflags_writable bit
	pushfl
	pop	%eax
	mov	%eax, %ecx
	xor	$\bit, %eax
	push	%eax
	popfl
	pushfl
	pop	%eax
	push	%ecx
	popfl
	xor	%ecx, %eax
	test	$\bit, %eax
.endm

/*
 * verify_cpu - return if the CPU has long mode and every required
 * feature, else name what is missing on COM1 and stop.  Needs a stack;
 * keeps %esi and %ebp.
 */
	.globl verify_cpu
verify_cpu:
	push	%ebx
	push	%esi
	push	%edi
	push	%ebp
	sub	$(NCAPINTS * 4), %esp		/* the feature words, all 0 */
	xor	%eax, %eax
	mov	$NCAPINTS, %ecx
1:	mov	%eax, -4(%esp, %ecx, 4)
	loop	1b

	/* the level as Linux reckons it: 3, 4, the family, or 64 */
	mov	$3, %edi
	eflags_writable X86_EFLAGS_AC
	jz	.Lcheck
	mov	$4, %edi
	eflags_writable X86_EFLAGS_ID
	jz	.Lcheck				/* no CPUID */

	xor	%eax, %eax
	cpuid
	mov	%eax, %esi			/* highest basic leaf */
	cmp	$1, %esi
	jb	.Lext
	cmp	$0xffff, %esi
	ja	.Lext
	mov	$1, %eax
	cpuid
	mov	%edx, (CPUID_WORD_1_EDX * 4)(%esp)
	mov	%ecx, (CPUID_WORD_1_ECX * 4)(%esp)
	shr	$8, %eax
	and	$0xf, %eax
	mov	%eax, %edi
	cmp	$7, %esi
	jb	.Lext
	mov	$7, %eax
	xor	%ecx, %ecx
	cpuid
	mov	%ebx, (CPUID_WORD_7_EBX * 4)(%esp)
.Lext:
	mov	$0x80000000, %eax
	cpuid
	cmp	$0x80000001, %eax
	jb	.Lcheck
	cmp	$0x8000ffff, %eax
	ja	.Lcheck
	mov	$0x80000001, %eax
	cpuid
	mov	%edx, (CPUID_WORD_80000001_EDX * 4)(%esp)
	btl	$(X86_FEATURE_LM % 32), (X86_FEATURE_LM / 32 * 4)(%esp)
	jnc	.Lcheck
	mov	$REQUIRED_LEVEL, %edi

.Lcheck:
	/* %ebx: bit n set when the table's entry n is missing */
	xor	%ebx, %ebx
	xor	%ecx, %ecx
	mov	$_pa(required_features), %esi
1:	movzbl	(%esi), %eax
	inc	%esi
	cmp	$0xff, %eax
	je	3f
	bt	%eax, (%esp)
	jc	2f
	bts	%ecx, %ebx
2:	lodsb					/* past the name */
	test	%al, %al
	jnz	2b
	inc	%ecx
	jmp	1b
3:
	cmp	$REQUIRED_LEVEL, %edi
	jb	.Lold_cpu
	test	%ebx, %ebx
	jnz	.Lmissing
	add	$(NCAPINTS * 4), %esp
	pop	%ebp
	pop	%edi
	pop	%esi
	pop	%ebx
	ret

.Lold_cpu:
	mov	%edi, %ebx
	BOOT_CALL early_serial_init
	BOOT_PUTS msg_requires_level
	cmp	$15, %ebx			/* family 0xf counts as a 686 */
	jne	1f
	mov	$6, %ebx
1:	mov	%ebx, %eax
	BOOT_CALL early_putdec
	BOOT_PUTS msg_level_tail
	jmp	.Lunable

.Lmissing:
	BOOT_CALL early_serial_init
	BOOT_PUTS msg_requires_features
	mov	$_pa(required_features), %esi
1:	cmpb	$0xff, (%esi)
	je	3f
	inc	%esi
	shr	$1, %ebx
	jnc	2f
	BOOT_CALL early_puts			/* leaves %esi past the name */
	mov	$' ', %cl
	BOOT_CALL early_putc
	jmp	1b
2:	lodsb
	test	%al, %al
	jnz	2b
	jmp	1b
3:	BOOT_PUTS msg_newline

.Lunable:
	BOOT_PUTS msg_unable
	jmp	early_die

#define REQUIRED_ENTRY(feature, name)	.byte feature; .asciz name;

	.section .rodata
/* (feature number, name) pairs, then 0xff */
required_features:
	X86_REQUIRED_FEATURES(REQUIRED_ENTRY)
	.byte	0xff

msg_requires_level:
	.asciz	"This kernel requires an x86-64 CPU, but only detected an i"
msg_level_tail:
	.asciz	"86 CPU.\n"
msg_requires_features:
	.asciz	"This kernel requires the following features not present on the CPU:\n"
msg_newline:
	.asciz	"\n"
msg_unable:
	.asciz	"Unable to boot - please use a kernel appropriate for your CPU.\n"
