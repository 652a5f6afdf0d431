// SPDX-License-Identifier: GPL-2.0
/* Execution contexts, one current per CPU; see include/linux/sched.h. */
#include <linux/sched.h>

struct task_struct *set_current_context(struct task_struct *t)
{
	struct pcpu *p = this_pcpu();
	struct task_struct *old = p->current_task;

	p->current_task = t;
	return old;
}
