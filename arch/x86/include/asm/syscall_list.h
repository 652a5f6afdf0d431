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
__SYSCALL(getppid)
__SYSCALL(getpgrp)
__SYSCALL(getpgid)
__SYSCALL(getsid)
__SYSCALL(setpgid)
__SYSCALL(setsid)
__SYSCALL(fork)
__SYSCALL(vfork)
__SYSCALL(clone)
__SYSCALL(exit)
__SYSCALL(exit_group)
__SYSCALL(wait4)
__SYSCALL(kill)
__SYSCALL(tgkill)
__SYSCALL(tkill)
__SYSCALL(rt_sigaction)
__SYSCALL(rt_sigprocmask)
__SYSCALL(rt_sigpending)
__SYSCALL(rt_sigreturn)
__SYSCALL(rt_sigsuspend)
__SYSCALL(sigaltstack)
__SYSCALL(pause)
__SYSCALL(execve)
__SYSCALL(rt_sigtimedwait)
