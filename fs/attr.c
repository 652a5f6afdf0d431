// SPDX-License-Identifier: GPL-2.0
/*
 * Changing a file's attributes: mode, owner and times.  The bodies of
 * fchmodat(2), fchownat(2) and utimensat(2) with Linux's permission
 * rules (the owner or fsuid 0 may chmod and set times; only fsuid 0 may
 * change the owner, standing for CAP_CHOWN); the initramfs unpacker
 * uses them to give each member its archived attributes.
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/fs_syscalls.h>
#include <linux/namei.h>

static int attr_lookup(int dfd, struct filename *name, int flags,
		       struct path *p)
{
	int err;

	if (flags & ~AT_SYMLINK_NOFOLLOW) {
		putname(name);
		return -EINVAL;
	}
	err = filename_lookup(dfd, name, flags & AT_SYMLINK_NOFOLLOW ? 0 :
			      LOOKUP_FOLLOW, p);
	putname(name);
	return err;
}

static bool owner_or_root(const struct inode *inode)
{
	return !current_fsuid() || current_fsuid() == inode->i_uid;
}

/**
 * do_fchmodat() - fchmodat(2): set the permission bits
 * @dfd: AT_FDCWD or a directory descriptor
 * @name: put here
 * @mode: S_IALLUGO bits; the type bits are ignored
 *
 * Returns 0, -EPERM when the caller neither owns the file nor is fsuid
 * 0, or a lookup's error.
 */
int do_fchmodat(int dfd, struct filename *name, umode_t mode)
{
	struct path p;
	struct inode *inode;
	int err = attr_lookup(dfd, name, 0, &p);

	if (err)
		return err;
	inode = p.dentry->d_inode;
	lock_namespace();
	if (!owner_or_root(inode)) {
		err = -EPERM;
	} else {
		inode->i_mode = (inode->i_mode & S_IFMT) | (mode & S_IALLUGO);
		inode_touch(inode, false);
	}
	unlock_namespace();
	path_put(&p);
	return err;
}

/**
 * do_fchownat() - fchownat(2): set the owner and group
 * @dfd: AT_FDCWD or a directory descriptor
 * @name: put here
 * @uid: new owner, or -1 to keep it
 * @gid: new group, or -1 to keep it
 * @flags: AT_SYMLINK_NOFOLLOW changes a symlink itself
 *
 * Returns 0, -EPERM without fsuid 0, -EINVAL for other flags, or a
 * lookup's error.  A change clears set-user-ID and set-group-ID on a
 * regular file, as in Linux.
 */
int do_fchownat(int dfd, struct filename *name, u32 uid, u32 gid, int flags)
{
	struct path p;
	struct inode *inode;
	int err = attr_lookup(dfd, name, flags, &p);

	if (err)
		return err;
	inode = p.dentry->d_inode;
	lock_namespace();
	if (current_fsuid()) {
		err = -EPERM;
	} else {
		if (uid != (u32)-1)
			inode->i_uid = uid;
		if (gid != (u32)-1)
			inode->i_gid = gid;
		if (S_ISREG(inode->i_mode))
			inode->i_mode &= ~(S_ISUID | S_ISGID);
		inode_touch(inode, false);
	}
	unlock_namespace();
	path_put(&p);
	return err;
}

/**
 * vfs_utimes_at() - utimensat(2) with both times given
 * @dfd: AT_FDCWD or a directory descriptor
 * @name: put here
 * @atime: new access time
 * @mtime: new modification time
 * @flags: AT_SYMLINK_NOFOLLOW
 *
 * Returns 0, -EPERM when the caller neither owns the file nor is fsuid
 * 0, or a lookup's error.
 */
int vfs_utimes_at(int dfd, struct filename *name,
		  const struct timespec64 *atime,
		  const struct timespec64 *mtime, int flags)
{
	struct path p;
	struct inode *inode;
	int err = attr_lookup(dfd, name, flags, &p);

	if (err)
		return err;
	inode = p.dentry->d_inode;
	lock_namespace();
	if (!owner_or_root(inode)) {
		err = -EPERM;
	} else {
		inode->i_atime = *atime;
		inode->i_mtime = *mtime;
		inode->i_ctime = current_time(inode);
	}
	unlock_namespace();
	path_put(&p);
	return err;
}
