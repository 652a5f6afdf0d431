/* SPDX-License-Identifier: GPL-2.0 */
/* MSR numbers and bits (SDM Vol. 4; PAT and MTRR facts in PAT-FACTS.md). */
#ifndef _ASM_X86_MSR_INDEX_H
#define _ASM_X86_MSR_INDEX_H

#define MSR_EFER		0xc0000080
#define EFER_SCE		(1 << 0)
#define EFER_LME		(1 << 8)
#define EFER_LMA		(1 << 10)
#define EFER_NX			(1 << 11)

#define MSR_IA32_APICBASE	0x0000001b
#define MSR_MTRRcap		0x000000fe
#define MSR_IA32_CR_PAT		0x00000277
#define MSR_MTRRdefType		0x000002ff
#define MSR_MTRRfix64K_00000	0x00000250
#define MSR_MTRRfix16K_80000	0x00000258
#define MSR_MTRRfix16K_A0000	0x00000259
#define MSR_MTRRfix4K_C0000	0x00000268
#define MTRRphysBase_MSR(n)	(0x200 + 2 * (n))
#define MTRRphysMask_MSR(n)	(0x200 + 2 * (n) + 1)

#define MSR_STAR		0xc0000081	/* SYSCALL/SYSRET selectors */
#define MSR_LSTAR		0xc0000082	/* 64-bit SYSCALL target */
#define MSR_CSTAR		0xc0000083	/* compat-mode SYSCALL target */
#define MSR_SYSCALL_MASK	0xc0000084	/* RFLAGS bits SYSCALL clears */
#define MSR_IA32_SYSENTER_CS	0x00000174
#define MSR_FS_BASE		0xc0000100
#define MSR_GS_BASE		0xc0000101
#define MSR_KERNEL_GS_BASE	0xc0000102

#endif /* _ASM_X86_MSR_INDEX_H */
