// SPDX-License-Identifier: GPL-2.0
/*
 * Stand-in for signal delivery until kernel/signal.c exists: nothing can
 * run in user mode yet, so a user fault that needs a signal is a bug of
 * whoever got there, and says so.
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>

void force_sig_fault(int sig, int code, void __user *addr)
{
	panic("%s:%d: signal %d (code %d, address %016lx) but no signals yet",
	      current->comm, current->pid, sig, code, (unsigned long __force)addr);
}
