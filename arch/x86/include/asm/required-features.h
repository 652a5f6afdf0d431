/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a CPU must have to run this kernel: Linux 6.1's x86-64 baseline
 * (its REQUIRED_MASK0 and REQUIRED_MASK1 as its boot code checks them),
 * in the order Linux lists missing ones, with Linux's names.  Every later
 * step may assume these: the compiler emits CMOV, MFENCE needs SSE2, the
 * page tables need PAE and PGE, and so on.
 *
 * X86_REQUIRED_FEATURES(F) expands F(feature, "name") once per feature.
 * arch/x86/boot/verify_cpu.S turns it into the table it checks CPUID
 * against in 32-bit mode, before long mode, and prints the missing names
 * from; tools/testing/unit/test_required_features.c checks the list.  At
 * most 32 entries (verify_cpu.S keeps one bit per entry), each a feature
 * of cpufeatures.h's NCAPINTS words.
 */
#ifndef _ASM_X86_REQUIRED_FEATURES_H
#define _ASM_X86_REQUIRED_FEATURES_H

#include <asm/cpufeatures.h>

#define X86_REQUIRED_FEATURES(F)		\
	F(X86_FEATURE_FPU, "fpu")		\
	F(X86_FEATURE_MSR, "msr")		\
	F(X86_FEATURE_PAE, "pae")		\
	F(X86_FEATURE_CX8, "cx8")		\
	F(X86_FEATURE_PGE, "pge")		\
	F(X86_FEATURE_CMOV, "cmov")		\
	F(X86_FEATURE_FXSR, "fxsr")		\
	F(X86_FEATURE_XMM, "sse")		\
	F(X86_FEATURE_XMM2, "sse2")		\
	F(X86_FEATURE_LM, "lm")

#endif /* _ASM_X86_REQUIRED_FEATURES_H */
