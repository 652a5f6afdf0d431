/* SPDX-License-Identifier: GPL-2.0 */
/* Registers saved on entry to an exception or interrupt (entry_64.S). */
#ifndef _ASM_X86_PTRACE_H
#define _ASM_X86_PTRACE_H

struct pt_regs {
	unsigned long r15, r14, r13, r12, bp, bx;
	unsigned long r11, r10, r9, r8, ax, cx, dx, si, di;
	unsigned long vector;
	unsigned long error_code;
	/* pushed by the CPU */
	unsigned long ip, cs, flags, sp, ss;
};

#endif /* _ASM_X86_PTRACE_H */
