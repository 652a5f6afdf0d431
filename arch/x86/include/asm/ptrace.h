/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Registers saved on entry to the kernel (arch/x86/entry/entry_64.S), in
 * the order the entry code pushes them: one layout for exceptions,
 * interrupts and system calls, from either mode.
 */
#ifndef _ASM_X86_PTRACE_H
#define _ASM_X86_PTRACE_H

#include <asm/segment.h>

/* pt_regs.vector of a system call */
#define PT_REGS_SYSCALL	(~0UL)

struct pt_regs {
	unsigned long r15, r14, r13, r12, bp, bx;
	unsigned long r11, r10, r9, r8, ax, cx, dx, si, di;
	unsigned long vector;		/* or PT_REGS_SYSCALL */
	union {
		unsigned long error_code;
		unsigned long orig_ax;	/* a system call's number */
	};
	/* pushed by the CPU, or by the SYSCALL entry in the same shape */
	unsigned long ip, cs, flags, sp, ss;
};

static inline bool user_mode(const struct pt_regs *regs)
{
	return (regs->cs & SEGMENT_RPL_MASK) == 3;
}

#endif /* _ASM_X86_PTRACE_H */
