/* SPDX-License-Identifier: GPL-2.0 */
/* Resource limits: Linux's numbers, layout and defaults. */
#ifndef _CACHET_LINUX_RESOURCE_H
#define _CACHET_LINUX_RESOURCE_H

#define RLIMIT_CPU		0
#define RLIMIT_FSIZE		1
#define RLIMIT_DATA		2
#define RLIMIT_STACK		3
#define RLIMIT_CORE		4
#define RLIMIT_RSS		5
#define RLIMIT_NPROC		6
#define RLIMIT_NOFILE		7
#define RLIMIT_MEMLOCK		8
#define RLIMIT_AS		9
#define RLIMIT_LOCKS		10
#define RLIMIT_SIGPENDING	11
#define RLIMIT_MSGQUEUE		12
#define RLIMIT_NICE		13
#define RLIMIT_RTPRIO		14
#define RLIMIT_RTTIME		15
#define RLIM_NLIMITS		16

#define RLIM_INFINITY		(~0UL)
/* RLIMIT_STACK's default */
#define _STK_LIM		(8 * 1024 * 1024UL)

struct rlimit {
	unsigned long rlim_cur;
	unsigned long rlim_max;
};

struct rlimit64 {
	unsigned long long rlim_cur;
	unsigned long long rlim_max;
};

struct task_struct;

/* read and/or set one limit of @tsk (kernel/sys_rlimit.c) */
int do_prlimit(struct task_struct *tsk, unsigned int resource,
	       const struct rlimit *new, struct rlimit *old);

#endif /* _CACHET_LINUX_RESOURCE_H */
