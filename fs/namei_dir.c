// SPDX-License-Identifier: GPL-2.0
/*
 * Changes to directories: create, mkdir, mknod, symlink, link, unlink,
 * rmdir, rename, and readlink, with Linux's checks and errno values.
 * The vfs_*() functions work on dentries, the namespace lock held; the
 * do_*() ones take a path (struct filename, put here) and find the
 * dentries first.
 */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs_struct.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include "internal.h"

/* may the caller add a name to @dir? */
int may_create(struct inode *dir)
{
	if (!dir->i_nlink)
		return -ENOENT;		/* removed while we held it */
	return inode_permission(dir, MAY_WRITE | MAY_EXEC);
}

/* may the caller remove @victim from @dir?  The sticky bit's rule too. */
int may_delete(struct inode *dir, struct dentry *victim, bool isdir)
{
	struct inode *inode = victim->d_inode;
	u32 uid = current_fsuid();
	int err;

	if (!inode)
		return -ENOENT;
	err = inode_permission(dir, MAY_WRITE | MAY_EXEC);
	if (err)
		return err;
	if ((dir->i_mode & S_ISVTX) && uid && uid != inode->i_uid &&
	    uid != dir->i_uid)
		return -EPERM;
	if (isdir && !S_ISDIR(inode->i_mode))
		return -ENOTDIR;
	if (!isdir && S_ISDIR(inode->i_mode))
		return -EISDIR;
	if (victim->d_flags & DCACHE_MOUNTED)
		return -EBUSY;
	return 0;
}

int vfs_create(struct inode *dir, struct dentry *dentry, umode_t mode,
	       bool excl)
{
	int err = may_create(dir);

	if (err)
		return err;
	if (!dir->i_op->create)
		return -EACCES;
	return dir->i_op->create(dir, dentry, (mode & S_IALLUGO) | S_IFREG,
				 excl);
}

int vfs_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	int err = may_create(dir);

	if (err)
		return err;
	if (!dir->i_op->mkdir)
		return -EPERM;
	return dir->i_op->mkdir(dir, dentry, (mode & (S_IRWXUGO | S_ISVTX)) |
				S_IFDIR);
}

/* device nodes need CAP_MKNOD (fsuid 0 here) */
int vfs_mknod(struct inode *dir, struct dentry *dentry, umode_t mode,
	      dev_t dev)
{
	int err = may_create(dir);

	if (err)
		return err;
	if ((S_ISCHR(mode) || S_ISBLK(mode)) && current_fsuid())
		return -EPERM;
	if (!dir->i_op->mknod)
		return -EPERM;
	return dir->i_op->mknod(dir, dentry, mode, dev);
}

int vfs_symlink(struct inode *dir, struct dentry *dentry,
		const char *oldname)
{
	int err = may_create(dir);

	if (err)
		return err;
	if (!dir->i_op->symlink)
		return -EPERM;
	return dir->i_op->symlink(dir, dentry, oldname);
}

int vfs_link(struct dentry *old, struct inode *dir, struct dentry *new)
{
	struct inode *inode = old->d_inode;
	int err = may_create(dir);

	if (err)
		return err;
	if (old->d_sb != dir->i_sb)
		return -EXDEV;
	if (S_ISDIR(inode->i_mode))
		return -EPERM;
	if (!inode->i_nlink)
		return -ENOENT;
	if (!dir->i_op->link)
		return -EPERM;
	return dir->i_op->link(old, dir, new);
}

int vfs_unlink(struct inode *dir, struct dentry *dentry)
{
	int err = may_delete(dir, dentry, false);

	if (err)
		return err;
	if (!dir->i_op->unlink)
		return -EPERM;
	return dir->i_op->unlink(dir, dentry);
}

int vfs_rmdir(struct inode *dir, struct dentry *dentry)
{
	int err = may_delete(dir, dentry, true);

	if (err)
		return err;
	if (!dir->i_op->rmdir)
		return -EPERM;
	return dir->i_op->rmdir(dir, dentry);
}

/**
 * filename_create() - find where a new name goes (see linux/namei.h)
 * @dfd: AT_FDCWD or a directory descriptor
 * @name: the new path; not put here
 * @parent: the directory, on success
 * @lookup_flags: LOOKUP_DIRECTORY lets a trailing "/" through (mkdir)
 *
 * Returns the negative dentry, or ERR_PTR: -EEXIST when the name exists
 * (or is "/", "." or ".."), -ENOENT for a trailing "/" without
 * LOOKUP_DIRECTORY, or the walk's error.
 */
struct dentry *filename_create(int dfd, struct filename *name,
			       struct path *parent, unsigned int lookup_flags)
{
	struct nameidata nd;
	struct dentry *d;
	int err = path_parentat(dfd, name, 0, &nd);

	if (err)
		return ERR_PTR(err);
	if (nd.last_type != LAST_NORM) {
		nd_done(&nd);
		return ERR_PTR(-EEXIST);
	}
	d = lookup_one(nd.path.dentry, nd.last, nd.last_len);
	if (!IS_ERR(d) && d->d_inode) {
		dput(d);
		d = ERR_PTR(-EEXIST);
	} else if (!IS_ERR(d) && nd.trailing &&
		   !(lookup_flags & LOOKUP_DIRECTORY)) {
		dput(d);
		d = ERR_PTR(-ENOENT);
	}
	if (IS_ERR(d)) {
		nd_done(&nd);
		return d;
	}
	*parent = nd.path;
	/* keep the namespace lock; drop the root */
	path_put(&nd.root);
	return d;
}

void done_path_create(struct path *parent, struct dentry *dentry)
{
	dput(dentry);
	unlock_namespace();
	path_put(parent);
}

/* the mode a new file gets: @mode less the process's umask */
static umode_t apply_umask(umode_t mode)
{
	return mode & ~current_fs()->umask;
}

int do_mkdirat(int dfd, struct filename *name, umode_t mode)
{
	struct path parent;
	struct dentry *d = filename_create(dfd, name, &parent,
					   LOOKUP_DIRECTORY);
	int err;

	putname(name);
	if (IS_ERR(d))
		return PTR_ERR(d);
	err = vfs_mkdir(parent.dentry->d_inode, d, apply_umask(mode));
	done_path_create(&parent, d);
	return err;
}

/**
 * do_mknodat() - mknodat(2)
 * @dfd: AT_FDCWD or a directory descriptor
 * @name: put here
 * @mode: file type (0 for a regular file) and permissions
 * @dev: the device number in stat()'s encoding, for S_IFCHR/S_IFBLK
 *
 * Returns 0, -EPERM for a directory type or a device without privilege,
 * -EINVAL for an unknown type, or a lookup's error.
 */
int do_mknodat(int dfd, struct filename *name, umode_t mode, unsigned int dev)
{
	struct path parent;
	struct dentry *d;
	int err;

	if (S_ISDIR(mode)) {
		putname(name);
		return -EPERM;
	}
	if (!(mode & S_IFMT))
		mode |= S_IFREG;
	if (!S_ISREG(mode) && !S_ISCHR(mode) && !S_ISBLK(mode) &&
	    !S_ISFIFO(mode) && !S_ISSOCK(mode)) {
		putname(name);
		return -EINVAL;
	}
	d = filename_create(dfd, name, &parent, 0);
	putname(name);
	if (IS_ERR(d))
		return PTR_ERR(d);
	mode = (mode & S_IFMT) | apply_umask(mode & S_IALLUGO);
	if (S_ISREG(mode))
		err = vfs_create(parent.dentry->d_inode, d, mode, true);
	else
		err = vfs_mknod(parent.dentry->d_inode, d, mode,
				new_decode_dev(dev));
	done_path_create(&parent, d);
	return err;
}

int do_symlinkat(struct filename *from, int newdfd, struct filename *to)
{
	struct path parent;
	struct dentry *d;
	int err;

	if (IS_ERR(from)) {
		putname(to);
		return PTR_ERR(from);
	}
	d = filename_create(newdfd, to, &parent, 0);
	putname(to);
	if (IS_ERR(d)) {
		putname(from);
		return PTR_ERR(d);
	}
	err = vfs_symlink(parent.dentry->d_inode, d, from->name);
	done_path_create(&parent, d);
	putname(from);
	return err;
}

/* linkat(2): @flags AT_SYMLINK_FOLLOW, AT_EMPTY_PATH (-EINVAL otherwise) */
int do_linkat(int olddfd, struct filename *old, int newdfd,
	      struct filename *new, int flags)
{
	struct path oldp, parent;
	struct dentry *d;
	int err;

	if (flags & ~(AT_SYMLINK_FOLLOW | AT_EMPTY_PATH)) {
		putname(old);
		putname(new);
		return -EINVAL;
	}
	err = filename_lookup(olddfd, old,
			      (flags & AT_SYMLINK_FOLLOW ? LOOKUP_FOLLOW : 0) |
			      (flags & AT_EMPTY_PATH ? LOOKUP_EMPTY : 0),
			      &oldp);
	putname(old);
	if (err) {
		putname(new);
		return err;
	}
	d = filename_create(newdfd, new, &parent, 0);
	putname(new);
	if (IS_ERR(d)) {
		path_put(&oldp);
		return PTR_ERR(d);
	}
	if (oldp.mnt != parent.mnt)
		err = -EXDEV;
	else
		err = vfs_link(oldp.dentry, parent.dentry->d_inode, d);
	done_path_create(&parent, d);
	path_put(&oldp);
	return err;
}

/* unlink or rmdir the last component of @name */
static int do_remove(int dfd, struct filename *name, bool isdir)
{
	struct nameidata nd;
	struct dentry *d;
	int err = path_parentat(dfd, name, 0, &nd);

	putname(name);
	if (err)
		return err;
	if (nd.last_type != LAST_NORM) {
		/* Linux: rmdir "." EINVAL, ".." ENOTEMPTY, "/" EBUSY */
		if (!isdir)
			err = -EISDIR;
		else if (nd.last_type == LAST_DOT)
			err = -EINVAL;
		else if (nd.last_type == LAST_DOTDOT)
			err = -ENOTEMPTY;
		else
			err = -EBUSY;
		nd_done(&nd);
		return err;
	}
	d = lookup_one(nd.path.dentry, nd.last, nd.last_len);
	if (IS_ERR(d)) {
		nd_done(&nd);
		return PTR_ERR(d);
	}
	if (!d->d_inode)
		err = -ENOENT;
	else if (!isdir && nd.trailing)
		err = S_ISDIR(d->d_inode->i_mode) ? -EISDIR : -ENOTDIR;
	else if (isdir)
		err = vfs_rmdir(nd.path.dentry->d_inode, d);
	else
		err = vfs_unlink(nd.path.dentry->d_inode, d);
	dput(d);
	nd_done(&nd);
	return err;
}

int do_rmdir(int dfd, struct filename *name)
{
	return do_remove(dfd, name, true);
}

int do_unlinkat(int dfd, struct filename *name)
{
	return do_remove(dfd, name, false);
}

/* rename's checks on the two dentries, Linux's order */
static int may_rename(struct nameidata *o, struct dentry *old,
		      struct nameidata *n, struct dentry *new,
		      unsigned int flags)
{
	bool isdir;
	int err;

	if (!old->d_inode)
		return -ENOENT;
	isdir = S_ISDIR(old->d_inode->i_mode);
	if ((flags & RENAME_NOREPLACE) && new->d_inode)
		return -EEXIST;
	if (!isdir && (o->trailing || n->trailing))
		return -ENOTDIR;
	if (is_ancestor(old, n->path.dentry))
		return -EINVAL;		/* a directory into itself */
	if (new->d_inode && is_ancestor(new, o->path.dentry))
		return -ENOTEMPTY;
	err = may_delete(o->path.dentry->d_inode, old, isdir);
	if (err)
		return err;
	if (new->d_inode)
		return may_delete(n->path.dentry->d_inode, new, isdir);
	return may_create(n->path.dentry->d_inode);
}

static int rename_dentries(struct nameidata *o, struct nameidata *n,
			   unsigned int flags)
{
	struct dentry *old, *new;
	int err;

	old = lookup_one(o->path.dentry, o->last, o->last_len);
	if (IS_ERR(old))
		return PTR_ERR(old);
	new = lookup_one(n->path.dentry, n->last, n->last_len);
	if (IS_ERR(new)) {
		dput(old);
		return PTR_ERR(new);
	}
	if (old->d_inode && old->d_inode == new->d_inode)
		err = 0;	/* two names of one file: nothing to do */
	else
		err = may_rename(o, old, n, new, flags);
	if (!err && old->d_inode != new->d_inode) {
		struct inode *odir = o->path.dentry->d_inode;

		err = odir->i_op->rename ?
		      odir->i_op->rename(odir, old, n->path.dentry->d_inode,
					 new, flags) : -EPERM;
	}
	dput(new);
	dput(old);
	return err;
}

/**
 * do_renameat2() - renameat2(2)
 * @olddfd: AT_FDCWD or a directory descriptor
 * @from: the old path, put here
 * @newdfd: likewise
 * @to: the new path, put here
 * @flags: 0 or RENAME_NOREPLACE
 *
 * Returns 0, -EXDEV across mounts, -EBUSY for "/", "." or "..", -EINVAL
 * for a directory into itself or unknown flags, -ENOTEMPTY, -EISDIR,
 * -ENOTDIR, -EEXIST (RENAME_NOREPLACE), or a lookup's error.
 */
int do_renameat2(int olddfd, struct filename *from, int newdfd,
		 struct filename *to, unsigned int flags)
{
	struct nameidata o, n;
	int err;

	if (flags & ~RENAME_NOREPLACE) {
		putname(from);
		putname(to);
		return -EINVAL;
	}
	/* old first, as Linux: its errors win; one walk holds the lock */
	err = path_parentat(olddfd, from, 0, &o);
	putname(from);
	if (err) {
		putname(to);
		return err;
	}
	unlock_namespace();
	err = path_parentat(newdfd, to, 0, &n);
	putname(to);
	if (err) {
		lock_namespace();
		nd_done(&o);
		return err;
	}
	if (o.path.mnt != n.path.mnt)
		err = -EXDEV;
	else if (o.last_type != LAST_NORM || n.last_type != LAST_NORM)
		err = -EBUSY;
	else
		err = rename_dentries(&o, &n, flags);
	nd_done(&n);
	lock_namespace();
	nd_done(&o);
	return err;
}

/**
 * do_readlinkat() - readlinkat(2): a symlink's target, without a NUL
 * @dfd: AT_FDCWD or a directory descriptor ("" names it)
 * @name: put here
 * @to: where the target goes; its count is the buffer size
 *
 * Returns the bytes stored (at most the buffer's size), -EINVAL when the
 * size is 0 or the path is not a symlink, -EFAULT, or a lookup's error.
 */
int do_readlinkat(int dfd, struct filename *name, struct iov_iter *to)
{
	struct path p;
	struct inode *inode;
	const char *target;
	size_t len;
	int err;

	if (!iov_iter_count(to)) {
		putname(name);
		return -EINVAL;
	}
	err = filename_lookup(dfd, name, LOOKUP_EMPTY, &p);
	putname(name);
	if (err)
		return err;
	inode = p.dentry->d_inode;
	if (!S_ISLNK(inode->i_mode) || !inode->i_op->get_link) {
		path_put(&p);
		return -EINVAL;
	}
	target = inode->i_op->get_link(p.dentry, inode);
	if (IS_ERR(target)) {
		path_put(&p);
		return PTR_ERR(target);
	}
	len = min(strlen(target), iov_iter_count(to));
	err = copy_to_iter(target, len, to) == len ? (int)len : -EFAULT;
	path_put(&p);
	return err;
}
