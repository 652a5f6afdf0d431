/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The system calls cachet implements, by name: the one list from which
 * the table (arch/x86/entry/syscall_64.c) and the declarations
 * (include/linux/syscalls.h) are made.  Numbers: asm/unistd_64.h.
 * Every other number returns -ENOSYS, and the first call of each is
 * logged.  No include guard: read once per use, with __SYSCALL defined.
 */
__SYSCALL(uname)
__SYSCALL(getpid)
__SYSCALL(gettid)
__SYSCALL(getuid)
__SYSCALL(geteuid)
__SYSCALL(getgid)
__SYSCALL(getegid)
__SYSCALL(arch_prctl)
