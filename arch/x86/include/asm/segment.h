/* SPDX-License-Identifier: GPL-2.0 */
/* GDT layout: the selectors match Linux's so oops lines read the same. */
#ifndef _ASM_X86_SEGMENT_H
#define _ASM_X86_SEGMENT_H

#define GDT_ENTRY_KERNEL_CS	2
#define GDT_ENTRY_KERNEL_DS	3
#define GDT_ENTRY_TSS		8	/* two slots: a 16-byte descriptor */
#define GDT_ENTRIES		10

#define __KERNEL_CS		(GDT_ENTRY_KERNEL_CS * 8)	/* 0x10 */
#define __KERNEL_DS		(GDT_ENTRY_KERNEL_DS * 8)	/* 0x18 */
#define GDT_ENTRY_TSS_SEL	(GDT_ENTRY_TSS * 8)

#define IST_DOUBLE_FAULT	1
#define IST_NMI			2

#endif /* _ASM_X86_SEGMENT_H */
