/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Signals and the task: what include/linux/signal.h cannot say without
 * struct task_struct.
 */
#ifndef _CACHET_LINUX_SCHED_SIGNAL_H
#define _CACHET_LINUX_SCHED_SIGNAL_H

#include <linux/sched.h>
#include <linux/signal.h>

/* is @sp on @t's sigaltstack? */
static inline bool on_sig_stack(const struct task_struct *t, unsigned long sp)
{
	return t->sas_ss_size && sp > t->sas_ss_sp &&
	       sp - t->sas_ss_sp <= t->sas_ss_size;
}

#endif /* _CACHET_LINUX_SCHED_SIGNAL_H */
