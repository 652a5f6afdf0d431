/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A task's credentials (kernel/cred.c): Linux's real, effective, saved
 * and file-system user and group ids and the supplementary groups, kept
 * in the task and copied by fork.
 *
 * Capabilities follow Linux's default rules without file capabilities:
 * a task whose effective uid is 0 has them all, any other none.
 */
#ifndef _CACHET_LINUX_CRED_H
#define _CACHET_LINUX_CRED_H

#include <linux/types.h>

/* cachet's bound on setgroups(); Linux's NGROUPS_MAX is 65536 */
#define CRED_NGROUPS	32

struct cred {
	u32 uid, euid, suid, fsuid;
	u32 gid, egid, sgid, fsgid;
	unsigned int ngroups;
	u32 groups[CRED_NGROUPS];
};

/* the capabilities cachet checks, by Linux's numbers */
#define CAP_KILL		5
#define CAP_SETGID		6
#define CAP_SETUID		7
#define CAP_IPC_LOCK		14
#define CAP_SYS_RAWIO		17
#define CAP_SYS_PTRACE		19
#define CAP_SYS_ADMIN		21
#define CAP_SYS_BOOT		22
#define CAP_SYS_NICE		23
#define CAP_SYS_RESOURCE	24
#define CAP_SYS_TIME		25
#define CAP_LAST_CAP		40

/* has current capability @cap (CAP_*)? */
bool capable(int cap);

#endif /* _CACHET_LINUX_CRED_H */
