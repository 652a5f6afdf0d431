// SPDX-License-Identifier: GPL-2.0
/*
 * The scheduler's system calls: sched_yield, sched_getaffinity,
 * sched_setaffinity and getcpu.  Masks are Linux's byte arrays of
 * unsigned longs; cachet's is one u64 (64 CPUs at most), so the kernel's
 * mask is 8 bytes: sched_getaffinity returns 8, and a buffer shorter than
 * the CPUs there can be, or not a multiple of 8 bytes, is -EINVAL as in
 * Linux.  sched_setaffinity applies to the caller only (pid 0 or its
 * own); another process's mask cannot be changed once it runs
 * (set_cpus_allowed()): -EPERM.
 */
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/smp.h>
#include <linux/syscalls.h>
#include <asm/uaccess.h>

#define MASK_BYTES	sizeof(u64)

SYSCALL_DEFINE0(sched_yield)
{
	yield();
	return 0;
}

/* @pid's allowed CPUs that are online; -ESRCH for no such process */
static int get_mask(int pid, u64 *mask)
{
	struct task_struct *t;
	unsigned long flags;

	if (!pid || pid == current->pid) {
		*mask = current->cpus_allowed;
	} else {
		spin_lock_irqsave(&tasklist_lock, flags);
		t = find_task_by_pid(pid);
		if (t)
			*mask = t->cpus_allowed;
		spin_unlock_irqrestore(&tasklist_lock, flags);
		if (!t)
			return -ESRCH;
	}
	*mask &= __atomic_load_n(&cpu_online_mask, __ATOMIC_ACQUIRE);
	return 0;
}

/* Linux's length rule: room for every possible CPU, whole longs */
static bool bad_len(unsigned int len)
{
	return len * 8 < NR_CPUS || (len & (sizeof(long) - 1));
}

SYSCALL_DEFINE3(sched_getaffinity, int, pid, unsigned int, len,
		unsigned long __user *, user_mask_ptr)
{
	u64 mask;
	int err;

	if (bad_len(len))
		return -EINVAL;
	err = get_mask(pid, &mask);
	if (err)
		return err;
	if (copy_to_user(user_mask_ptr, &mask, MASK_BYTES))
		return -EFAULT;
	return MASK_BYTES;
}

SYSCALL_DEFINE3(sched_setaffinity, int, pid, unsigned int, len,
		unsigned long __user *, user_mask_ptr)
{
	u64 mask = 0, online;

	if (copy_from_user(&mask, user_mask_ptr, min_t(unsigned int, len,
							MASK_BYTES)))
		return -EFAULT;
	if (pid && pid != current->pid) {
		u64 dummy;

		return get_mask(pid, &dummy) ?: -EPERM;
	}
	online = __atomic_load_n(&cpu_online_mask, __ATOMIC_ACQUIRE);
	if (len < MASK_BYTES)
		mask &= (1ULL << (len * 8)) - 1;
	/* no online CPU left in it: Linux's -EINVAL */
	if (!(mask & online))
		return -EINVAL;
	set_cpus_allowed(current, mask);
	return 0;
}

SYSCALL_DEFINE3(getcpu, unsigned int __user *, cpup,
		unsigned int __user *, nodep, void __user *, unused)
{
	unsigned int cpu = smp_processor_id();

	if (cpup && put_user(cpu, cpup))
		return -EFAULT;
	if (nodep && put_user(0U, nodep))
		return -EFAULT;
	return 0;
}
