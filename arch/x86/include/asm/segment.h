/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GDT layout: Linux's, so oops lines and user-visible selectors (the CS a
 * signal handler finds in its ucontext) read the same.  SYSCALL and SYSRET
 * dictate the order: SYSCALL loads CS from STAR[47:32] and SS 8 above it;
 * 64-bit SYSRET loads CS 16 above STAR[63:48] and SS 8 above it, so the
 * user data segment sits between the 32-bit and the 64-bit user code.
 */
#ifndef _ASM_X86_SEGMENT_H
#define _ASM_X86_SEGMENT_H

#define GDT_ENTRY_KERNEL32_CS	1
#define GDT_ENTRY_KERNEL_CS	2
#define GDT_ENTRY_KERNEL_DS	3
#define GDT_ENTRY_USER32_CS	4
#define GDT_ENTRY_USER_DS	5
#define GDT_ENTRY_USER_CS	6
#define GDT_ENTRY_TSS		8	/* two slots: a 16-byte descriptor */
#define GDT_ENTRIES		10

#define __KERNEL_CS		(GDT_ENTRY_KERNEL_CS * 8)	/* 0x10 */
#define __KERNEL_DS		(GDT_ENTRY_KERNEL_DS * 8)	/* 0x18 */
#define __USER32_CS		(GDT_ENTRY_USER32_CS * 8 + 3)	/* 0x23 */
#define __USER_DS		(GDT_ENTRY_USER_DS * 8 + 3)	/* 0x2b */
#define __USER_CS		(GDT_ENTRY_USER_CS * 8 + 3)	/* 0x33 */
#define GDT_ENTRY_TSS_SEL	(GDT_ENTRY_TSS * 8)

/* the privilege level a selector asks for: 3 for user mode */
#define SEGMENT_RPL_MASK	0x3

#define IST_DOUBLE_FAULT	1
#define IST_NMI			2

#endif /* _ASM_X86_SEGMENT_H */
