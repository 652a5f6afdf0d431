/* SPDX-License-Identifier: GPL-2.0 */
/*
 * MSR accesses that survive a #GP: an index the CPU does not implement,
 * or a value it refuses, gives -EIO instead of an oops (Linux's
 * rdmsrl_safe() and wrmsrl_safe()).  For indices that come from outside
 * the kernel, e.g. the /dev/cpu/N/msr file offset.
 */
#ifndef _ASM_X86_MSR_H
#define _ASM_X86_MSR_H

#include <linux/errno.h>
#include <linux/types.h>
#include <asm/extable.h>

static inline int rdmsrl_safe(u32 msr, u64 *val)
{
	u32 lo = 0, hi = 0;
	int err = 0;

	__asm__ __volatile__("1: rdmsr\n"
			     "2:\n"
			     ".pushsection .text.fixup, \"ax\"\n"
			     "3: movl %4, %0\n"
			     "jmp 2b\n"
			     ".popsection\n"
			     _ASM_EXTABLE(1b, 3b)
			     : "+r"(err), "+a"(lo), "+d"(hi)
			     : "c"(msr), "i"(-EIO));
	*val = (u64)hi << 32 | lo;
	return err;
}

static inline int wrmsrl_safe(u32 msr, u64 val)
{
	int err = 0;

	__asm__ __volatile__("1: wrmsr\n"
			     "2:\n"
			     ".pushsection .text.fixup, \"ax\"\n"
			     "3: movl %4, %0\n"
			     "jmp 2b\n"
			     ".popsection\n"
			     _ASM_EXTABLE(1b, 3b)
			     : "+r"(err)
			     : "c"(msr), "a"((u32)(val & 0xffffffff)),
			       "d"((u32)(val >> 32)), "i"(-EIO)
			     : "memory");
	return err;
}

/* /dev/cpu/N/msr (arch/x86/kernel/msr.c) */
void msr_init(void);

#endif /* _ASM_X86_MSR_H */
