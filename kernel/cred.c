// SPDX-License-Identifier: GPL-2.0
/*
 * The id system calls with Linux's rules: setuid, setgid, setreuid,
 * setregid, setresuid, setresgid, getresuid, getresgid, setfsuid,
 * setfsgid, getgroups, setgroups and capget.
 *
 * Without CAP_SETUID (CAP_SETGID for groups) a task may only set an id
 * to one of its real, effective or saved ids; with it, to anything.  The
 * file-system id follows the effective one.  (uid_t)-1 means "keep" in
 * the re/res calls and is -EINVAL in setuid().  A task only ever changes
 * its own credentials, so no lock is needed.
 */
#include <linux/cred.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <asm/uaccess.h>

#define KEEP	((u32)-1)

bool capable(int cap)
{
	return cap >= 0 && cap <= CAP_LAST_CAP && current->cred.euid == 0;
}

/* one of the task's real, effective or saved ids */
static bool is_own(u32 id, u32 r, u32 e, u32 s)
{
	return id == r || id == e || id == s;
}

/* the re/res calls, on the uid or the gid fields of @c */
static int set_res(u32 *r, u32 *e, u32 *s, u32 *fs, bool priv,
		   u32 nr, u32 ne, u32 ns)
{
	if (!priv && ((nr != KEEP && !is_own(nr, *r, *e, *s)) ||
		      (ne != KEEP && !is_own(ne, *r, *e, *s)) ||
		      (ns != KEEP && !is_own(ns, *r, *e, *s))))
		return -EPERM;
	if (nr != KEEP)
		*r = nr;
	if (ne != KEEP)
		*e = ne;
	if (ns != KEEP)
		*s = ns;
	*fs = *e;
	return 0;
}

/* setreuid(): the saved id becomes the new effective one, as Linux */
static int set_re(u32 *r, u32 *e, u32 *s, u32 *fs, bool priv, u32 nr, u32 ne)
{
	u32 old_r = *r, old_e = *e;

	if (!priv && ((nr != KEEP && nr != old_r && nr != old_e) ||
		      (ne != KEEP && !is_own(ne, old_r, old_e, *s))))
		return -EPERM;
	if (nr != KEEP)
		*r = nr;
	if (ne != KEEP)
		*e = ne;
	if (nr != KEEP || (ne != KEEP && ne != old_r))
		*s = *e;
	*fs = *e;
	return 0;
}

/* setuid(): all three with the right, else the effective one only */
static int set_one(u32 *r, u32 *e, u32 *s, u32 *fs, bool priv, u32 id)
{
	if (id == KEEP)
		return -EINVAL;
	if (priv) {
		*r = *s = id;
	} else if (id != *r && id != *s) {
		return -EPERM;
	}
	*e = *fs = id;
	return 0;
}

SYSCALL_DEFINE1(setuid, u32, uid)
{
	struct cred *c = &current->cred;

	return set_one(&c->uid, &c->euid, &c->suid, &c->fsuid,
		       capable(CAP_SETUID), uid);
}

SYSCALL_DEFINE1(setgid, u32, gid)
{
	struct cred *c = &current->cred;

	return set_one(&c->gid, &c->egid, &c->sgid, &c->fsgid,
		       capable(CAP_SETGID), gid);
}

SYSCALL_DEFINE2(setreuid, u32, ruid, u32, euid)
{
	struct cred *c = &current->cred;

	return set_re(&c->uid, &c->euid, &c->suid, &c->fsuid,
		      capable(CAP_SETUID), ruid, euid);
}

SYSCALL_DEFINE2(setregid, u32, rgid, u32, egid)
{
	struct cred *c = &current->cred;

	return set_re(&c->gid, &c->egid, &c->sgid, &c->fsgid,
		      capable(CAP_SETGID), rgid, egid);
}

SYSCALL_DEFINE3(setresuid, u32, ruid, u32, euid, u32, suid)
{
	struct cred *c = &current->cred;

	return set_res(&c->uid, &c->euid, &c->suid, &c->fsuid,
		       capable(CAP_SETUID), ruid, euid, suid);
}

SYSCALL_DEFINE3(setresgid, u32, rgid, u32, egid, u32, sgid)
{
	struct cred *c = &current->cred;

	return set_res(&c->gid, &c->egid, &c->sgid, &c->fsgid,
		       capable(CAP_SETGID), rgid, egid, sgid);
}

static long put_three(u32 a, u32 b, u32 c, u32 __user *pa, u32 __user *pb,
		      u32 __user *pc)
{
	if (put_user(a, pa) || put_user(b, pb) || put_user(c, pc))
		return -EFAULT;
	return 0;
}

SYSCALL_DEFINE3(getresuid, u32 __user *, ruid, u32 __user *, euid,
		u32 __user *, suid)
{
	const struct cred *c = &current->cred;

	return put_three(c->uid, c->euid, c->suid, ruid, euid, suid);
}

SYSCALL_DEFINE3(getresgid, u32 __user *, rgid, u32 __user *, egid,
		u32 __user *, sgid)
{
	const struct cred *c = &current->cred;

	return put_three(c->gid, c->egid, c->sgid, rgid, egid, sgid);
}

/* setfsuid()/setfsgid(): return the old id, whether it changed or not */
static u32 set_fs_id(u32 *fs, u32 r, u32 e, u32 s, bool priv, u32 id)
{
	u32 old = *fs;

	if (id != KEEP && (priv || is_own(id, r, e, s) || id == old))
		*fs = id;
	return old;
}

SYSCALL_DEFINE1(setfsuid, u32, uid)
{
	struct cred *c = &current->cred;

	return set_fs_id(&c->fsuid, c->uid, c->euid, c->suid,
			 capable(CAP_SETUID), uid);
}

SYSCALL_DEFINE1(setfsgid, u32, gid)
{
	struct cred *c = &current->cred;

	return set_fs_id(&c->fsgid, c->gid, c->egid, c->sgid,
			 capable(CAP_SETGID), gid);
}

SYSCALL_DEFINE2(getgroups, int, size, u32 __user *, list)
{
	const struct cred *c = &current->cred;

	if (size < 0)
		return -EINVAL;
	if (!size)
		return c->ngroups;
	if ((unsigned int)size < c->ngroups)
		return -EINVAL;
	if (copy_to_user(list, c->groups, c->ngroups * sizeof(u32)))
		return -EFAULT;
	return c->ngroups;
}

SYSCALL_DEFINE2(setgroups, int, size, const u32 __user *, list)
{
	u32 groups[CRED_NGROUPS];
	struct cred *c = &current->cred;

	if (!capable(CAP_SETGID))
		return -EPERM;
	if (size < 0 || size > CRED_NGROUPS)
		return -EINVAL;
	if (copy_from_user(groups, list, size * sizeof(u32)))
		return -EFAULT;
	memcpy(c->groups, groups, size * sizeof(u32));
	c->ngroups = size;
	return 0;
}

/* Linux's capget() structures, version 3 (two data words) */
#define _LINUX_CAPABILITY_VERSION_1	0x19980330
#define _LINUX_CAPABILITY_VERSION_2	0x20071026
#define _LINUX_CAPABILITY_VERSION_3	0x20080522

struct cap_header {
	u32 version;
	int pid;
};

struct cap_data {
	u32 effective, permitted, inheritable;
};

/* whether @pid (0: the caller) has every capability; -ESRCH for none */
static int task_is_root(int pid, bool *root)
{
	struct task_struct *t;
	unsigned long flags;

	if (!pid || pid == current->pid) {
		*root = current->cred.euid == 0;
		return 0;
	}
	spin_lock_irqsave(&tasklist_lock, flags);
	t = find_task_by_pid(pid);
	if (t)
		*root = t->cred.euid == 0;
	spin_unlock_irqrestore(&tasklist_lock, flags);
	return t ? 0 : -ESRCH;
}

SYSCALL_DEFINE2(capget, struct cap_header __user *, header,
		struct cap_data __user *, data)
{
	struct cap_header h;
	struct cap_data d[2];
	bool all;
	unsigned int n;
	int err;

	if (copy_from_user(&h, header, sizeof(h)))
		return -EFAULT;
	if (h.version != _LINUX_CAPABILITY_VERSION_1 &&
	    h.version != _LINUX_CAPABILITY_VERSION_2 &&
	    h.version != _LINUX_CAPABILITY_VERSION_3) {
		h.version = _LINUX_CAPABILITY_VERSION_3;
		if (copy_to_user(header, &h, sizeof(h)))
			return -EFAULT;
		return data ? -EINVAL : 0;
	}
	if (h.pid < 0)
		return -EINVAL;
	err = task_is_root(h.pid, &all);
	if (err || !data)
		return err;
	n = h.version == _LINUX_CAPABILITY_VERSION_1 ? 1 : 2;
	d[0].effective = d[0].permitted = all ? ~0U : 0;
	d[1].effective = d[1].permitted = all ?
		(1U << (CAP_LAST_CAP - 31)) - 1 : 0;
	d[0].inheritable = d[1].inheritable = 0;
	return copy_to_user(data, d, n * sizeof(d[0])) ? -EFAULT : 0;
}
