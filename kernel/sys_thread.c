// SPDX-License-Identifier: GPL-2.0
/*
 * The calls a C library makes about its threads and its process before
 * main(): set_tid_address, set_robust_list, get_robust_list, prctl and
 * personality.
 *
 * The robust-list head is stored and reported, as Linux does; cachet has
 * no futexes, so exit does not walk it.  prctl knows PR_SET_NAME and
 * PR_GET_NAME (the comm, 16 bytes with the NUL) and PR_SET_PDEATHSIG and
 * PR_GET_PDEATHSIG (stored and reported: nothing sends it on the
 * parent's death yet); other options are -EINVAL.  personality only has
 * PER_LINUX (0): it reports and keeps the value set, 0xffffffff queries.
 * rseq is not implemented: -ENOSYS, which glibc 2.35+ copes with (it runs
 * without restartable sequences) and musl never asks for.
 */
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/signal.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <asm/uaccess.h>

#define PR_SET_PDEATHSIG	1
#define PR_GET_PDEATHSIG	2
#define PR_SET_NAME		15
#define PR_GET_NAME		16

/* Linux's struct robust_list_head: three words */
#define ROBUST_LIST_HEAD_SIZE	24

SYSCALL_DEFINE1(set_tid_address, int __user *, tidptr)
{
	current->clear_child_tid = tidptr;
	return current->pid;
}

SYSCALL_DEFINE2(set_robust_list, void __user *, head, size_t, len)
{
	if (len != ROBUST_LIST_HEAD_SIZE)
		return -EINVAL;
	current->robust_list = head;
	return 0;
}

SYSCALL_DEFINE3(get_robust_list, int, pid, void __user * __user *, head_ptr,
		size_t __user *, len_ptr)
{
	void __user *head;
	struct task_struct *t;
	unsigned long flags;

	if (!pid || pid == current->pid) {
		head = current->robust_list;
	} else {
		spin_lock_irqsave(&tasklist_lock, flags);
		t = find_task_by_pid(pid);
		head = t ? t->robust_list : NULL;
		spin_unlock_irqrestore(&tasklist_lock, flags);
		if (!t)
			return -ESRCH;
	}
	if (put_user((size_t)ROBUST_LIST_HEAD_SIZE, len_ptr))
		return -EFAULT;
	return put_user(head, head_ptr) ? -EFAULT : 0;
}

static long prctl_set_name(const char __user *uname)
{
	char name[TASK_COMM_LEN];
	long n = strncpy_from_user(name, uname, sizeof(name) - 1);

	if (n < 0)
		return -EFAULT;
	name[n] = '\0';
	set_task_comm(current, name);
	return 0;
}

SYSCALL_DEFINE5(prctl, int, option, unsigned long, arg2, unsigned long, arg3,
		unsigned long, arg4, unsigned long, arg5)
{
	char name[TASK_COMM_LEN];

	switch (option) {
	case PR_SET_PDEATHSIG:
		if (!valid_signal(arg2))
			return -EINVAL;
		current->pdeath_signal = arg2;
		return 0;
	case PR_GET_PDEATHSIG:
		return put_user(current->pdeath_signal,
				(int __user *)arg2) ? -EFAULT : 0;
	case PR_SET_NAME:
		return prctl_set_name((const char __user *)arg2);
	case PR_GET_NAME:
		get_task_comm(name, current);
		return copy_to_user((char __user *)arg2, name,
				    sizeof(name)) ? -EFAULT : 0;
	default:
		return -EINVAL;
	}
}

#define PER_QUERY	0xffffffffU

SYSCALL_DEFINE1(personality, unsigned int, personality)
{
	unsigned int old = current->personality;

	if (personality != PER_QUERY)
		current->personality = personality;
	return old;
}
