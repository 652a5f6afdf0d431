// SPDX-License-Identifier: GPL-2.0
/*
 * The attribute and write-back system calls' entries: chmod and chown
 * by name (fs/attr.c), and fsync, fdatasync and syncfs, which have
 * nothing to write back (every file system here lives in RAM) and only
 * check their descriptor, as Linux's do on ramfs.
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/syscalls.h>

SYSCALL_DEFINE3(fchmodat, int, dfd, const char __user *, filename,
		umode_t, mode)
{
	return do_fchmodat(dfd, getname(filename), mode);
}

SYSCALL_DEFINE2(chmod, const char __user *, filename, umode_t, mode)
{
	return do_fchmodat(AT_FDCWD, getname(filename), mode);
}

SYSCALL_DEFINE5(fchownat, int, dfd, const char __user *, filename,
		u32, user, u32, group, int, flag)
{
	return do_fchownat(dfd, getname(filename), user, group, flag);
}

SYSCALL_DEFINE3(chown, const char __user *, filename, u32, user,
		u32, group)
{
	return do_fchownat(AT_FDCWD, getname(filename), user, group, 0);
}

SYSCALL_DEFINE3(lchown, const char __user *, filename, u32, user,
		u32, group)
{
	return do_fchownat(AT_FDCWD, getname(filename), user, group,
			   AT_SYMLINK_NOFOLLOW);
}

/* a descriptor to flush: nothing is ever dirty, so only check it */
static long fd_sync(unsigned int fd)
{
	struct file *f = fget(fd);

	if (!f)
		return -EBADF;
	fput(f);
	return 0;
}

SYSCALL_DEFINE1(fsync, unsigned int, fd)
{
	return fd_sync(fd);
}

SYSCALL_DEFINE1(fdatasync, unsigned int, fd)
{
	return fd_sync(fd);
}

SYSCALL_DEFINE1(syncfs, int, fd)
{
	return fd_sync(fd);
}
