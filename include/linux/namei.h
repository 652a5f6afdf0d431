/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Path lookup (fs/namei.c), with Linux's rules: Documentation/filesystems/
 * vfs.rst, "Path lookup".  Names are kernel copies (struct filename):
 * getname() makes one from a user pointer, getname_kernel() from a kernel
 * string, and every do_*() below takes one and puts it.
 */
#ifndef _CACHET_LINUX_NAMEI_H
#define _CACHET_LINUX_NAMEI_H

#include <linux/fs.h>

/* lookup flags, Linux's values */
#define LOOKUP_FOLLOW		0x0001	/* follow a final symlink */
#define LOOKUP_DIRECTORY	0x0002	/* the result must be a directory */
#define LOOKUP_EMPTY		0x4000	/* "" names the starting point */

/* what the last component of a path is */
enum last_type { LAST_NORM, LAST_ROOT, LAST_DOT, LAST_DOTDOT };

struct filename {
	const char *name;	/* points at iname */
	char iname[];
};

struct filename *getname(const char __user *name);
struct filename *getname_flags(const char __user *name, int flags);
struct filename *getname_kernel(const char *name);
void putname(struct filename *name);

/* @dfd: AT_FDCWD or a directory's descriptor.  Returns 0 or -errno. */
int filename_lookup(int dfd, struct filename *name, unsigned int flags,
		    struct path *path);
int kern_path(const char *name, unsigned int flags, struct path *path);

/*
 * The parent of a path's last component, locked for a change: on
 * success the namespace lock is held and *@dentry is the last
 * component's dentry in @parent (negative if nothing is there); drop
 * both with done_path_create().  A path ending in "/" is refused unless
 * @lookup_flags has LOOKUP_DIRECTORY (mkdir's rule).
 */
struct dentry *filename_create(int dfd, struct filename *name,
			       struct path *parent, unsigned int lookup_flags);
void done_path_create(struct path *parent, struct dentry *dentry);

/* dentry-level operations: the namespace lock held */
int vfs_create(struct inode *dir, struct dentry *dentry, umode_t mode,
	       bool excl);
int vfs_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode);
int vfs_mknod(struct inode *dir, struct dentry *dentry, umode_t mode,
	      dev_t dev);
int vfs_symlink(struct inode *dir, struct dentry *dentry,
		const char *oldname);
int vfs_link(struct dentry *old, struct inode *dir, struct dentry *new);
int vfs_unlink(struct inode *dir, struct dentry *dentry);
int vfs_rmdir(struct inode *dir, struct dentry *dentry);

/* the *at() bodies: Linux's errno values */
int do_mkdirat(int dfd, struct filename *name, umode_t mode);
int do_mknodat(int dfd, struct filename *name, umode_t mode, unsigned int dev);
int do_symlinkat(struct filename *from, int newdfd, struct filename *to);
int do_linkat(int olddfd, struct filename *old, int newdfd,
	      struct filename *new, int flags);
int do_rmdir(int dfd, struct filename *name);
int do_unlinkat(int dfd, struct filename *name);
int do_renameat2(int olddfd, struct filename *from, int newdfd,
		 struct filename *to, unsigned int flags);
int do_readlinkat(int dfd, struct filename *name, struct iov_iter *to);

/* fs/attr.c: fchmodat, fchownat, utimensat */
int do_fchmodat(int dfd, struct filename *name, umode_t mode);
int do_fchownat(int dfd, struct filename *name, u32 uid, u32 gid, int flags);
int vfs_utimes_at(int dfd, struct filename *name,
		  const struct timespec64 *atime,
		  const struct timespec64 *mtime, int flags);

#endif /* _CACHET_LINUX_NAMEI_H */
