// SPDX-License-Identifier: GPL-2.0
/*
 * The name-changing system calls' entries: mkdir, mknod, unlink, rmdir,
 * rename, link, symlink, readlink and their *at() forms.  The old forms
 * are the *at() ones on AT_FDCWD, as in Linux.
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs_syscalls.h>
#include <linux/syscalls.h>

SYSCALL_DEFINE3(mkdirat, int, dfd, const char __user *, pathname,
		umode_t, mode)
{
	return ksys_mkdirat(dfd, pathname, mode);
}

SYSCALL_DEFINE2(mkdir, const char __user *, pathname, umode_t, mode)
{
	return ksys_mkdirat(AT_FDCWD, pathname, mode);
}

SYSCALL_DEFINE4(mknodat, int, dfd, const char __user *, filename,
		umode_t, mode, unsigned int, dev)
{
	return ksys_mknodat(dfd, filename, mode, dev);
}

SYSCALL_DEFINE3(mknod, const char __user *, filename, umode_t, mode,
		unsigned int, dev)
{
	return ksys_mknodat(AT_FDCWD, filename, mode, dev);
}

SYSCALL_DEFINE3(unlinkat, int, dfd, const char __user *, pathname,
		int, flag)
{
	return ksys_unlinkat(dfd, pathname, flag);
}

SYSCALL_DEFINE1(unlink, const char __user *, pathname)
{
	return ksys_unlinkat(AT_FDCWD, pathname, 0);
}

SYSCALL_DEFINE1(rmdir, const char __user *, pathname)
{
	return ksys_unlinkat(AT_FDCWD, pathname, AT_REMOVEDIR);
}

SYSCALL_DEFINE5(renameat2, int, olddfd, const char __user *, oldname,
		int, newdfd, const char __user *, newname, unsigned int, flags)
{
	return ksys_renameat2(olddfd, oldname, newdfd, newname, flags);
}

SYSCALL_DEFINE4(renameat, int, olddfd, const char __user *, oldname,
		int, newdfd, const char __user *, newname)
{
	return ksys_renameat2(olddfd, oldname, newdfd, newname, 0);
}

SYSCALL_DEFINE2(rename, const char __user *, oldname,
		const char __user *, newname)
{
	return ksys_renameat2(AT_FDCWD, oldname, AT_FDCWD, newname, 0);
}

SYSCALL_DEFINE5(linkat, int, olddfd, const char __user *, oldname,
		int, newdfd, const char __user *, newname, int, flags)
{
	return ksys_linkat(olddfd, oldname, newdfd, newname, flags);
}

SYSCALL_DEFINE2(link, const char __user *, oldname,
		const char __user *, newname)
{
	return ksys_linkat(AT_FDCWD, oldname, AT_FDCWD, newname, 0);
}

SYSCALL_DEFINE3(symlinkat, const char __user *, oldname, int, newdfd,
		const char __user *, newname)
{
	return ksys_symlinkat(oldname, newdfd, newname);
}

SYSCALL_DEFINE2(symlink, const char __user *, oldname,
		const char __user *, newname)
{
	return ksys_symlinkat(oldname, AT_FDCWD, newname);
}

SYSCALL_DEFINE4(readlinkat, int, dfd, const char __user *, pathname,
		char __user *, buf, int, bufsiz)
{
	return ksys_readlinkat(dfd, pathname, buf, bufsiz);
}

SYSCALL_DEFINE3(readlink, const char __user *, path, char __user *, buf,
		int, bufsiz)
{
	return ksys_readlinkat(AT_FDCWD, path, buf, bufsiz);
}
