// SPDX-License-Identifier: GPL-2.0
/*
 * stat(2), lstat(2), fstat(2) and newfstatat(2): what an inode says of
 * itself, in x86-64's struct stat.
 */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_syscalls.h>
#include <linux/namei.h>
#include <asm/page.h>
#include <asm/uaccess.h>

void generic_fillattr(struct inode *inode, struct kstat *stat)
{
	stat->dev = inode->i_sb->s_dev;
	stat->ino = inode->i_ino;
	stat->mode = inode->i_mode;
	stat->nlink = inode->i_nlink;
	stat->uid = inode->i_uid;
	stat->gid = inode->i_gid;
	stat->rdev = inode->i_rdev;
	spin_lock(&inode->i_lock);
	stat->size = inode->i_size;
	stat->blocks = inode->i_blocks;
	spin_unlock(&inode->i_lock);
	stat->atime = inode->i_atime;
	stat->mtime = inode->i_mtime;
	stat->ctime = inode->i_ctime;
	stat->blksize = PAGE_SIZE;
}

/**
 * vfs_fstatat() - newfstatat(2) on a kernel copy of the path
 * @dfd: AT_FDCWD or a directory descriptor
 * @name: not put here
 * @stat: the result
 * @flags: AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH, AT_NO_AUTOMOUNT
 *
 * Returns 0, -EINVAL for other flags, or a lookup's error.
 */
int vfs_fstatat(int dfd, struct filename *name, struct kstat *stat,
		int flags)
{
	unsigned int lf = LOOKUP_FOLLOW;
	struct path p;
	int err;

	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH | AT_NO_AUTOMOUNT))
		return -EINVAL;
	if (flags & AT_SYMLINK_NOFOLLOW)
		lf &= ~LOOKUP_FOLLOW;
	if (flags & AT_EMPTY_PATH)
		lf |= LOOKUP_EMPTY;
	err = filename_lookup(dfd, name, lf, &p);
	if (err)
		return err;
	lock_namespace();	/* a steady link count */
	generic_fillattr(p.dentry->d_inode, stat);
	unlock_namespace();
	path_put(&p);
	return 0;
}

int vfs_fstat(unsigned int fd, struct kstat *stat)
{
	struct file *f = fget(fd);

	if (!f)
		return -EBADF;
	lock_namespace();
	generic_fillattr(file_inode(f), stat);
	unlock_namespace();
	fput(f);
	return 0;
}

static long stat_to_user(int err, const struct kstat *k,
			 struct stat __user *statbuf)
{
	struct stat st;

	if (err)
		return err;
	err = cp_new_stat(k, &st);
	if (err)
		return err;
	return copy_to_user(statbuf, &st, sizeof(st)) ? -EFAULT : 0;
}

long ksys_newfstatat(int dfd, const char __user *filename,
		     struct stat __user *statbuf, int flag)
{
	struct filename *name = getname_flags(filename,
				flag & AT_EMPTY_PATH ? LOOKUP_EMPTY : 0);
	struct kstat k;
	int err;

	if (IS_ERR(name))
		return PTR_ERR(name);
	err = vfs_fstatat(dfd, name, &k, flag);
	putname(name);
	return stat_to_user(err, &k, statbuf);
}

long ksys_newstat(const char __user *filename, struct stat __user *statbuf)
{
	return ksys_newfstatat(AT_FDCWD, filename, statbuf, 0);
}

long ksys_newlstat(const char __user *filename, struct stat __user *statbuf)
{
	return ksys_newfstatat(AT_FDCWD, filename, statbuf,
			       AT_SYMLINK_NOFOLLOW);
}

long ksys_newfstat(unsigned int fd, struct stat __user *statbuf)
{
	struct kstat k;

	return stat_to_user(vfs_fstat(fd, &k), &k, statbuf);
}
