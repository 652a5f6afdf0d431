// SPDX-License-Identifier: GPL-2.0
/*
 * The directory-changing system calls' user-space side: copy the paths
 * in, call the do_*() bodies (fs/namei_dir.c).
 */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs_syscalls.h>
#include <linux/namei.h>
#include <asm/uaccess.h>

long ksys_mkdirat(int dfd, const char __user *pathname, umode_t mode)
{
	return do_mkdirat(dfd, getname(pathname), mode);
}

long ksys_mknodat(int dfd, const char __user *filename, umode_t mode,
		  unsigned int dev)
{
	return do_mknodat(dfd, getname(filename), mode, dev);
}

/* unlinkat(2): AT_REMOVEDIR makes it rmdir; other flags are EINVAL */
long ksys_unlinkat(int dfd, const char __user *pathname, int flag)
{
	if (flag & ~AT_REMOVEDIR)
		return -EINVAL;
	if (flag & AT_REMOVEDIR)
		return do_rmdir(dfd, getname(pathname));
	return do_unlinkat(dfd, getname(pathname));
}

long ksys_renameat2(int olddfd, const char __user *oldname, int newdfd,
		    const char __user *newname, unsigned int flags)
{
	return do_renameat2(olddfd, getname(oldname), newdfd,
			    getname(newname), flags);
}

long ksys_symlinkat(const char __user *oldname, int newdfd,
		    const char __user *newname)
{
	return do_symlinkat(getname(oldname), newdfd, getname(newname));
}

long ksys_linkat(int olddfd, const char __user *oldname, int newdfd,
		 const char __user *newname, int flags)
{
	return do_linkat(olddfd, getname_flags(oldname,
			 flags & AT_EMPTY_PATH ? LOOKUP_EMPTY : 0),
			 newdfd, getname(newname), flags);
}

long ksys_readlinkat(int dfd, const char __user *pathname, char __user *buf,
		     int bufsiz)
{
	struct iov_iter it;

	if (bufsiz <= 0)
		return -EINVAL;
	if (!access_ok(buf, bufsiz))
		return -EFAULT;
	iov_iter_ubuf(&it, READ, buf, bufsiz);
	return do_readlinkat(dfd, getname_flags(pathname, LOOKUP_EMPTY), &it);
}
