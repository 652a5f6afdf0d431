// SPDX-License-Identifier: GPL-2.0
/*
 * A task's identity as messages print it: comm and the driver it works
 * for.  Only the task itself writes its own comm (before it first runs,
 * its creator does), so a reader on another CPU may see a name half
 * rewritten but never runs off its end: the array always ends in NUL.
 */
#include <linux/sched.h>
#include <linux/string.h>

char *__get_task_comm(char *buf, size_t buf_size, struct task_struct *tsk)
{
	strscpy(buf, tsk->comm, buf_size);
	return buf;
}

void set_task_comm(struct task_struct *tsk, const char *name)
{
	strscpy(tsk->comm, name, sizeof(tsk->comm));
}

void override_current_ident(const char *comm, const char *driver,
			    struct task_ident *saved)
{
	struct task_struct *t = current;

	memcpy(saved->comm, t->comm, sizeof(saved->comm));
	saved->driver = t->driver;
	if (comm)
		set_task_comm(t, comm);
	t->driver = driver;
}

/**
 * revert_current_ident() - undo override_current_ident()
 * @saved: what override_current_ident() saved
 */
void revert_current_ident(const struct task_ident *saved)
{
	struct task_struct *t = current;

	memcpy(t->comm, saved->comm, sizeof(t->comm));
	t->driver = saved->driver;
}
