// SPDX-License-Identifier: GPL-2.0
/* The one execution context; see include/linux/sched.h. */
#include <linux/sched.h>

static struct task_struct init_task = { .comm = "swapper/0", .pid = 0 };
struct task_struct *current = &init_task;

struct task_struct *set_current_context(struct task_struct *t)
{
	struct task_struct *old = current;

	current = t;
	return old;
}
