// SPDX-License-Identifier: GPL-2.0
/*
 * statfs(2) and fstatfs(2): Linux's struct statfs for the file systems
 * here, all of which live in memory and answer as Linux's
 * simple_statfs() does: the type's magic number, PAGE_SIZE blocks and
 * no block or inode counts, NAME_MAX names, no fsid.  The flags are
 * ST_VALID and ST_RELATIME, what a mount without options has in Linux.
 */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/string.h>
#include <linux/syscalls.h>
#include <asm/page.h>
#include <asm/uaccess.h>

#define ST_VALID	0x0020
#define ST_RELATIME	0x1000

/* Linux x86-64's struct statfs: 120 bytes */
struct statfs {
	long f_type;
	long f_bsize;
	u64 f_blocks;
	u64 f_bfree;
	u64 f_bavail;
	u64 f_files;
	u64 f_ffree;
	int f_fsid[2];
	long f_namelen;
	long f_frsize;
	long f_flags;
	long f_spare[4];
};

static int statfs_to_user(struct super_block *sb, struct statfs __user *ubuf)
{
	struct statfs st;

	memset(&st, 0, sizeof(st));
	st.f_type = sb->s_magic;
	st.f_bsize = PAGE_SIZE;
	st.f_namelen = NAME_MAX;
	st.f_frsize = PAGE_SIZE;
	st.f_flags = ST_VALID | ST_RELATIME;
	return copy_to_user(ubuf, &st, sizeof(st)) ? -EFAULT : 0;
}

SYSCALL_DEFINE2(statfs, const char __user *, pathname,
		struct statfs __user *, buf)
{
	struct filename *name = getname(pathname);
	struct path p;
	int err = filename_lookup(AT_FDCWD, name, LOOKUP_FOLLOW, &p);

	putname(name);
	if (err)
		return err;
	err = statfs_to_user(p.dentry->d_sb, buf);
	path_put(&p);
	return err;
}

SYSCALL_DEFINE2(fstatfs, unsigned int, fd, struct statfs __user *, buf)
{
	struct file *f = fget(fd);
	int err;

	if (!f)
		return -EBADF;
	err = statfs_to_user(file_inode(f)->i_sb, buf);
	fput(f);
	return err;
}
