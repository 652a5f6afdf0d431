// SPDX-License-Identifier: GPL-2.0
/*
 * arch_prctl(): the FS and GS bases of user mode, where libc keeps its
 * thread pointer.  Only the base MSRs hold them (no FSGSBASE
 * instructions are enabled, so user mode cannot change them behind the
 * kernel's back); the task keeps a copy that the context switch loads.
 * While the kernel runs, the user GS base sits in MSR_KERNEL_GS_BASE,
 * swapped out by the entry code's SWAPGS.
 */
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/syscalls.h>
#include <asm/msr-index.h>
#include <asm/special_insns.h>
#include <asm/uaccess.h>

/* Linux's codes (uapi/asm/prctl.h) */
#define ARCH_SET_GS	0x1001
#define ARCH_SET_FS	0x1002
#define ARCH_GET_FS	0x1003
#define ARCH_GET_GS	0x1004

SYSCALL_DEFINE2(arch_prctl, int, option, unsigned long, arg2)
{
	struct task_struct *t = current;

	switch (option) {
	case ARCH_SET_FS:
		/* a base in the kernel half is refused, as Linux does */
		if (arg2 >= TASK_SIZE_MAX)
			return -EPERM;
		t->fsbase = arg2;
		wrmsr(MSR_FS_BASE, arg2);
		return 0;
	case ARCH_SET_GS:
		if (arg2 >= TASK_SIZE_MAX)
			return -EPERM;
		t->gsbase = arg2;
		wrmsr(MSR_KERNEL_GS_BASE, arg2);
		return 0;
	case ARCH_GET_FS:
		return put_user(t->fsbase, (unsigned long __user *)arg2);
	case ARCH_GET_GS:
		return put_user(t->gsbase, (unsigned long __user *)arg2);
	default:
		return -EINVAL;
	}
}
