// SPDX-License-Identifier: GPL-2.0
/*
 * Resource limits: getrlimit, setrlimit and prlimit64, with Linux's rules.
 * A soft limit above its hard limit is -EINVAL; raising a hard limit
 * takes Linux's CAP_SYS_RESOURCE (root); RLIMIT_NOFILE's hard limit
 * stops at Linux's default fs.nr_open (-EPERM above).  The limits are
 * read and written under tasklist_lock, so prlimit64 on another process
 * sees them whole; the user copies are made outside it.
 */
#include <linux/cred.h>
#include <linux/errno.h>
#include <linux/mm_types.h>
#include <linux/resource.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/spinlock.h>
#include <linux/syscalls.h>
#include <asm/uaccess.h>

/* Linux's default sysctl fs.nr_open */
#define SYSCTL_NR_OPEN	(1024 * 1024)

static int check_new(const struct rlimit *old, unsigned int resource,
		     const struct rlimit *new)
{
	if (new->rlim_cur > new->rlim_max)
		return -EINVAL;
	if (resource == RLIMIT_NOFILE && new->rlim_max > SYSCTL_NR_OPEN)
		return -EPERM;
	if (new->rlim_max > old->rlim_max && !capable(CAP_SYS_RESOURCE))
		return -EPERM;
	return 0;
}

/**
 * do_prlimit() - read and/or set one resource limit of @tsk
 * @tsk: the task, referenced by the caller
 * @resource: RLIMIT_*
 * @new: the limit to set, or NULL
 * @old: filled with the limit before, or NULL
 *
 * Return: 0, -EINVAL for an unknown resource or a soft limit above the
 * hard one, -EPERM for a hard limit raised without the right.
 */
int do_prlimit(struct task_struct *tsk, unsigned int resource,
	       const struct rlimit *new, struct rlimit *old)
{
	struct rlimit *r;
	unsigned long flags;
	int err = 0;

	if (resource >= RLIM_NLIMITS)
		return -EINVAL;
	r = &tsk->rlim[resource];
	spin_lock_irqsave(&tasklist_lock, flags);
	if (new)
		err = check_new(r, resource, new);
	if (!err && old)
		*old = *r;
	if (!err && new) {
		*r = *new;
		/* the stack grows by mm's copy, read at fault time */
		if (resource == RLIMIT_STACK && tsk->mm)
			WRITE_ONCE(tsk->mm->stack_limit, new->rlim_cur);
	}
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return err;
}

SYSCALL_DEFINE2(getrlimit, unsigned int, resource, struct rlimit __user *, rlim)
{
	struct rlimit r;
	int err = do_prlimit(current, resource, NULL, &r);

	if (!err && copy_to_user(rlim, &r, sizeof(r)))
		err = -EFAULT;
	return err;
}

SYSCALL_DEFINE2(setrlimit, unsigned int, resource, struct rlimit __user *, rlim)
{
	struct rlimit r;

	if (copy_from_user(&r, rlim, sizeof(r)))
		return -EFAULT;
	return do_prlimit(current, resource, &r, NULL);
}

/* @pid's task with a reference, or NULL */
static struct task_struct *get_task_by_pid(int pid)
{
	struct task_struct *t;
	unsigned long flags;

	if (!pid || pid == current->pid) {
		get_task_struct(current);
		return current;
	}
	spin_lock_irqsave(&tasklist_lock, flags);
	t = find_task_by_pid(pid);
	if (t)
		get_task_struct(t);
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return t;
}

SYSCALL_DEFINE4(prlimit64, int, pid, unsigned int, resource,
		const struct rlimit64 __user *, new_rlim,
		struct rlimit64 __user *, old_rlim)
{
	struct rlimit64 n64, o64;
	struct rlimit n, o;
	struct task_struct *t;
	int err;

	if (new_rlim) {
		if (copy_from_user(&n64, new_rlim, sizeof(n64)))
			return -EFAULT;
		n.rlim_cur = n64.rlim_cur;
		n.rlim_max = n64.rlim_max;
	}
	t = get_task_by_pid(pid);
	if (!t)
		return -ESRCH;
	err = do_prlimit(t, resource, new_rlim ? &n : NULL,
			 old_rlim ? &o : NULL);
	put_task_struct(t);
	if (err || !old_rlim)
		return err;
	o64.rlim_cur = o.rlim_cur;
	o64.rlim_max = o.rlim_max;
	return copy_to_user(old_rlim, &o64, sizeof(o64)) ? -EFAULT : 0;
}
