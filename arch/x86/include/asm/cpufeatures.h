/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CPU feature bits, numbered word * 32 + bit where each word is one CPUID
 * register.  A plain header so that the 32-bit entry code can use the
 * numbers too (arch/x86/boot/verify_cpu.S).  The words are cachet's own;
 * the names printed for them are Linux's (/proc/cpuinfo "flags").
 */
#ifndef _ASM_X86_CPUFEATURES_H
#define _ASM_X86_CPUFEATURES_H

#define CPUID_WORD_1_EDX	0	/* CPUID.01H:EDX */
#define CPUID_WORD_1_ECX	1	/* CPUID.01H:ECX */
#define CPUID_WORD_80000001_EDX	2	/* CPUID.80000001H:EDX */
#define CPUID_WORD_7_EBX	3	/* CPUID.(EAX=07H,ECX=0):EBX */

/* CPUID.01H:EDX */
#define X86_FEATURE_FPU		(0 * 32 + 0)
#define X86_FEATURE_PSE		(0 * 32 + 3)
#define X86_FEATURE_TSC		(0 * 32 + 4)
#define X86_FEATURE_MSR		(0 * 32 + 5)
#define X86_FEATURE_PAE		(0 * 32 + 6)
#define X86_FEATURE_CX8		(0 * 32 + 8)
#define X86_FEATURE_APIC	(0 * 32 + 9)
#define X86_FEATURE_MTRR	(0 * 32 + 12)
#define X86_FEATURE_PGE		(0 * 32 + 13)
#define X86_FEATURE_CMOV	(0 * 32 + 15)
#define X86_FEATURE_PAT		(0 * 32 + 16)
#define X86_FEATURE_CLFLUSH	(0 * 32 + 19)
#define X86_FEATURE_FXSR	(0 * 32 + 24)
#define X86_FEATURE_XMM		(0 * 32 + 25)	/* "sse" */
#define X86_FEATURE_XMM2	(0 * 32 + 26)	/* "sse2" */
/* CPUID.01H:ECX */
#define X86_FEATURE_X2APIC	(1 * 32 + 21)
#define X86_FEATURE_XSAVE	(1 * 32 + 26)
#define X86_FEATURE_AVX		(1 * 32 + 28)
#define X86_FEATURE_HYPERVISOR	(1 * 32 + 31)
/* CPUID.80000001H:EDX */
#define X86_FEATURE_NX		(2 * 32 + 20)
#define X86_FEATURE_GBPAGES	(2 * 32 + 26)	/* "pdpe1gb" */
#define X86_FEATURE_LM		(2 * 32 + 29)
/* CPUID.07H.0:EBX */
#define X86_FEATURE_SMEP	(3 * 32 + 7)
#define X86_FEATURE_SMAP	(3 * 32 + 20)
#define X86_FEATURE_CLFLUSHOPT	(3 * 32 + 23)
#define NCAPINTS		4

#endif /* _ASM_X86_CPUFEATURES_H */
