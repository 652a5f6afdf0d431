/* SPDX-License-Identifier: GPL-2.0 */
/* Between the entry code (arch/x86/entry/entry_64.S) and C. */
#ifndef _ASM_X86_ENTRY_H
#define _ASM_X86_ENTRY_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/ptrace.h>

bool do_syscall_64(struct pt_regs *regs);
void exit_to_user_mode(struct pt_regs *regs);

/**
 * ret_to_user_mode() - enter user mode with the registers in @regs
 * @regs: the struct pt_regs at the top of the current task's kernel stack
 *
 * For a task's first entry to user mode (after exec, in a fork child).
 * The exit work runs first, as on every return.
 */
void __noreturn ret_to_user_mode(struct pt_regs *regs);

/* where this CPU enters the kernel from user mode (arch/x86/kernel/idt.c) */
void cpu_set_kernel_stack(unsigned long top);

#endif /* _ASM_X86_ENTRY_H */
