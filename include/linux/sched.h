/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cachet has no processes, but Linux's messages name one ("<comm>:<pid>",
 * e.g. "swapper/0:0" at boot, "sh:1" in the shell), and the memtype code
 * records which driver a reservation was made for.  struct task_struct
 * keeps just that: the context the CPU is working for, switched by the
 * shell, the test runner and drivers while they probe.  Each CPU has its
 * own (struct pcpu.current_task): "swapper/N" while it idles.
 */
#ifndef _CACHET_LINUX_SCHED_H
#define _CACHET_LINUX_SCHED_H

#include <linux/types.h>
#include <asm/percpu.h>

struct task_struct {
	const char *comm;
	int pid;
	const char *driver;	/* driver on whose behalf we run, or NULL */
};

/* each CPU works for its own context */
static __always_inline struct task_struct *get_current(void)
{
	return this_pcpu()->current_task;
}

#define current get_current()

/**
 * set_current_context() - run on behalf of another context
 * @t: the new context (static storage)
 *
 * Returns the previous one, to hand back to set_current_context().
 */
struct task_struct *set_current_context(struct task_struct *t);

#endif /* _CACHET_LINUX_SCHED_H */
