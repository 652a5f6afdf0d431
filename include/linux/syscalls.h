/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Defining a system call.
 *
 *	SYSCALL_DEFINE3(read, unsigned int, fd, char __user *, buf,
 *			size_t, count)
 *	{
 *		...
 *	}
 *
 * makes __x64_sys_read(struct pt_regs *), the entry the table in
 * arch/x86/entry/syscall_64.c holds, which passes RDI, RSI, RDX, R10, R8
 * and R9 (the x86-64 system call convention) to a function with the
 * declared types.  Each argument arrives as a full 64-bit register and is
 * converted to its declared type, so a 32-bit argument's upper half,
 * which user space may leave as garbage, is dropped, as Linux drops it.
 * Calls that need the registers themselves (rt_sigreturn, fork, execve,
 * arch_prctl) take them: SYSCALL_DEFINE_REGS(name).
 */
#ifndef _CACHET_LINUX_SYSCALLS_H
#define _CACHET_LINUX_SYSCALLS_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/ptrace.h>

typedef long (*sys_call_ptr_t)(struct pt_regs *);

#define __MAP0(m, ...)
#define __MAP1(m, t, a, ...)	m(t, a)
#define __MAP2(m, t, a, ...)	m(t, a), __MAP1(m, __VA_ARGS__)
#define __MAP3(m, t, a, ...)	m(t, a), __MAP2(m, __VA_ARGS__)
#define __MAP4(m, t, a, ...)	m(t, a), __MAP3(m, __VA_ARGS__)
#define __MAP5(m, t, a, ...)	m(t, a), __MAP4(m, __VA_ARGS__)
#define __MAP6(m, t, a, ...)	m(t, a), __MAP5(m, __VA_ARGS__)
#define __MAP(n, ...)		__MAP##n(__VA_ARGS__)

#define __SC_DECL(t, a)		t a
#define __SC_LONG(t, a)		unsigned long a
#define __SC_CAST(t, a)		(__force t)a

#define __SC_REGS0
#define __SC_REGS1		regs->di
#define __SC_REGS2		__SC_REGS1, regs->si
#define __SC_REGS3		__SC_REGS2, regs->dx
#define __SC_REGS4		__SC_REGS3, regs->r10
#define __SC_REGS5		__SC_REGS4, regs->r8
#define __SC_REGS6		__SC_REGS5, regs->r9

#define SYSCALL_DEFINEx(x, name, ...)					\
	static long __do_sys_##name(__MAP(x, __SC_DECL, __VA_ARGS__));	\
	static long __se_sys_##name(__MAP(x, __SC_LONG, __VA_ARGS__))	\
	{								\
		return __do_sys_##name(__MAP(x, __SC_CAST, __VA_ARGS__)); \
	}								\
	long __x64_sys_##name(struct pt_regs *regs)		\
	{								\
		return __se_sys_##name(__SC_REGS##x);			\
	}								\
	static long __do_sys_##name(__MAP(x, __SC_DECL, __VA_ARGS__))

#define SYSCALL_DEFINE0(name)						\
	static long __do_sys_##name(void);				\
	long __x64_sys_##name(struct pt_regs *regs)			\
	{								\
		return __do_sys_##name();				\
	}								\
	static long __do_sys_##name(void)

#define SYSCALL_DEFINE1(name, ...)	SYSCALL_DEFINEx(1, name, __VA_ARGS__)
#define SYSCALL_DEFINE2(name, ...)	SYSCALL_DEFINEx(2, name, __VA_ARGS__)
#define SYSCALL_DEFINE3(name, ...)	SYSCALL_DEFINEx(3, name, __VA_ARGS__)
#define SYSCALL_DEFINE4(name, ...)	SYSCALL_DEFINEx(4, name, __VA_ARGS__)
#define SYSCALL_DEFINE5(name, ...)	SYSCALL_DEFINEx(5, name, __VA_ARGS__)
#define SYSCALL_DEFINE6(name, ...)	SYSCALL_DEFINEx(6, name, __VA_ARGS__)

/* for the calls that read or rewrite the user registers */
#define SYSCALL_DEFINE_REGS(name)					\
	long __x64_sys_##name(struct pt_regs *regs)

/* every implemented call, declared once (arch/x86/entry/syscall_list.h) */
#define __SYSCALL(name)	long __x64_sys_##name(struct pt_regs *regs);
#include <asm/syscall_list.h>
#undef __SYSCALL

#endif /* _CACHET_LINUX_SYSCALLS_H */
