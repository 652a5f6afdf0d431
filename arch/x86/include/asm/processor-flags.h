/* SPDX-License-Identifier: GPL-2.0 */
/* Control-register and RFLAGS bits (SDM Vol. 3A, 2.5). */
#ifndef _ASM_X86_PROCESSOR_FLAGS_H
#define _ASM_X86_PROCESSOR_FLAGS_H

#define X86_EFLAGS_IF		0x00000200
#define X86_EFLAGS_AC		0x00040000	/* writable from the 486 on */
#define X86_EFLAGS_ID		0x00200000	/* writable when CPUID exists */

#define X86_CR0_PE		0x00000001
#define X86_CR0_MP		0x00000002
#define X86_CR0_ET		0x00000010
#define X86_CR0_NE		0x00000020
#define X86_CR0_WP		0x00010000
#define X86_CR0_NW		0x20000000
#define X86_CR0_CD		0x40000000
#define X86_CR0_PG		0x80000000

#define X86_CR4_PSE		0x00000010
#define X86_CR4_PAE		0x00000020
#define X86_CR4_PGE		0x00000080
#define X86_CR4_OSFXSR		0x00000200
#define X86_CR4_SMEP		0x00100000
#define X86_CR4_SMAP		0x00200000

#endif /* _ASM_X86_PROCESSOR_FLAGS_H */
