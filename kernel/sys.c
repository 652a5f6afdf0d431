// SPDX-License-Identifier: GPL-2.0
/*
 * Who the kernel and the caller are: uname() and the id calls.
 *
 * uname() says "Linux" for sysname, as programs built for Linux test it,
 * and cachet's own release and version.  The id calls report the task's
 * credentials (kernel/cred.c).
 */
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <linux/utsname.h>
#include <asm/uaccess.h>

/* Linux's struct new_utsname: six NUL-terminated fields of 65 bytes */
#define UTS_FIELD	65

struct new_utsname {
	char sysname[UTS_FIELD];
	char nodename[UTS_FIELD];
	char release[UTS_FIELD];
	char version[UTS_FIELD];
	char machine[UTS_FIELD];
	char domainname[UTS_FIELD];
};

static void uts_set(char *field, const char *s)
{
	strscpy(field, s, UTS_FIELD);
}

SYSCALL_DEFINE1(uname, struct new_utsname __user *, name)
{
	struct new_utsname u;

	memset(&u, 0, sizeof(u));
	uts_set(u.sysname, "Linux");
	uts_set(u.nodename, "(none)");
	uts_set(u.release, UTS_RELEASE);
	uts_set(u.version, UTS_VERSION);
	uts_set(u.machine, "x86_64");
	uts_set(u.domainname, "(none)");
	return copy_to_user(name, &u, sizeof(u)) ? -EFAULT : 0;
}

SYSCALL_DEFINE0(getpid)
{
	return current->pid;
}

SYSCALL_DEFINE0(gettid)
{
	return current->pid;
}

SYSCALL_DEFINE0(getuid)
{
	return current->cred.uid;
}

SYSCALL_DEFINE0(geteuid)
{
	return current->cred.euid;
}

SYSCALL_DEFINE0(getgid)
{
	return current->cred.gid;
}

SYSCALL_DEFINE0(getegid)
{
	return current->cred.egid;
}
