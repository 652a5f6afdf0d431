/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the page-fault handler needs of signals (Linux's numbers and
 * si_code values).  Signals belong to kernel/ (part of issue 13 still to
 * come); until then kernel/signal_stub.c panics with "no signals yet".
 */
#ifndef _CACHET_LINUX_SCHED_SIGNAL_H
#define _CACHET_LINUX_SCHED_SIGNAL_H

#include <linux/compiler.h>

#define SIGBUS		7
#define SIGSEGV		11

#define SEGV_MAPERR	1	/* no mapping at the address */
#define SEGV_ACCERR	2	/* a mapping that forbids the access */
#define BUS_ADRERR	2	/* beyond the object behind the mapping */

/**
 * force_sig_fault() - deliver @sig to the current task for a fault
 * @sig: SIGSEGV or SIGBUS
 * @code: si_code: SEGV_MAPERR, SEGV_ACCERR, BUS_ADRERR
 * @addr: si_addr: the faulting address
 *
 * Called from the #PF handler for a fault from user mode it cannot
 * resolve; the signal is taken on the way back to user mode.
 */
void force_sig_fault(int sig, int code, void __user *addr);

#endif /* _CACHET_LINUX_SCHED_SIGNAL_H */
