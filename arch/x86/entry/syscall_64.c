// SPDX-License-Identifier: GPL-2.0
/* The x86-64 system call table, indexed by Linux's numbers. */
#include <asm/syscall.h>

#define __SYSCALL(name)	[__NR_##name] = __x64_sys_##name,

const sys_call_ptr_t sys_call_table[__NR_syscalls] = {
#include <asm/syscall_list.h>
};
