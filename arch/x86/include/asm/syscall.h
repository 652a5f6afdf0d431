/* SPDX-License-Identifier: GPL-2.0 */
/* The system call table (arch/x86/entry/syscall_64.c). */
#ifndef _ASM_X86_SYSCALL_H
#define _ASM_X86_SYSCALL_H

#include <linux/syscalls.h>
#include <asm/unistd_64.h>

extern const sys_call_ptr_t sys_call_table[__NR_syscalls];

#endif /* _ASM_X86_SYSCALL_H */
