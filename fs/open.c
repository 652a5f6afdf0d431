// SPDX-License-Identifier: GPL-2.0
/*
 * open, close, access, chdir, umask and truncate, with Linux's rules
 * (Documentation/filesystems/vfs.rst, "Opening a file").
 *
 * One difference is documented there: O_CREAT on a symlink whose target
 * does not exist fails with ENOENT instead of creating the target.
 */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs_struct.h>
#include <linux/fs_syscalls.h>
#include <linux/kernel.h>
#include <asm/uaccess.h>
#include "internal.h"

/* the permissions an open asks for */
static int open_acc_mode(int flags)
{
	int acc = 0;

	switch (flags & O_ACCMODE) {
	case O_RDONLY:
		acc = MAY_READ;
		break;
	case O_WRONLY:
		acc = MAY_WRITE;
		break;
	default:
		acc = MAY_READ | MAY_WRITE;
	}
	if (flags & O_TRUNC)
		acc |= MAY_WRITE;
	return acc;
}

/* the checks on what an open found (Linux's may_open()) */
static int may_open(const struct path *path, int acc_mode, int flags,
		    bool created)
{
	struct inode *inode = path->dentry->d_inode;

	switch (inode->i_mode & S_IFMT) {
	case S_IFLNK:
		return -ELOOP;
	case S_IFDIR:
		if ((acc_mode & MAY_WRITE) || (flags & O_CREAT))
			return -EISDIR;
		break;
	case S_IFBLK:
	case S_IFIFO:
	case S_IFSOCK:
		return -ENXIO;	/* no block devices, pipes or sockets yet */
	}
	if (created)
		return 0;	/* the creator may open what it made */
	return inode_permission(inode, acc_mode);
}

/* truncate to @length: the inode's setattr, under its own locking */
int vfs_truncate_inode(struct dentry *dentry, loff_t length)
{
	struct inode *inode = dentry->d_inode;
	struct iattr attr = { .ia_valid = ATTR_SIZE, .ia_size = length };

	if (length < 0)
		return -EINVAL;
	if (!inode->i_op || !inode->i_op->setattr)
		return -EPERM;
	return inode->i_op->setattr(dentry, &attr);
}

/* O_CREAT: find or create the last component; *@path on success */
static int open_create(int dfd, struct filename *name, int flags,
		       umode_t mode, struct path *path, bool *created)
{
	struct nameidata nd;
	struct dentry *d;
	int err = path_parentat(dfd, name, 0, &nd);

	if (err)
		return err;
	/* "/", ".", ".." or a trailing "/": Linux's EISDIR, found or not */
	if (nd.last_type != LAST_NORM || nd.trailing) {
		nd_done(&nd);
		return -EISDIR;
	}
	d = lookup_one(nd.path.dentry, nd.last, nd.last_len);
	if (IS_ERR(d)) {
		nd_done(&nd);
		return PTR_ERR(d);
	}
	if (!d->d_inode) {
		err = vfs_create(nd.path.dentry->d_inode, d,
				 mode & ~current_fs()->umask, true);
		*created = !err;
	} else if (flags & O_EXCL) {
		err = -EEXIST;
	} else if (S_ISLNK(d->d_inode->i_mode)) {
		/* an existing symlink: open what it points at */
		dput(d);
		nd_done(&nd);
		return (flags & O_NOFOLLOW) ? -ELOOP :
		       filename_lookup(dfd, name, LOOKUP_FOLLOW, path);
	}
	if (err) {
		dput(d);
		nd_done(&nd);
		return err;
	}
	path->mnt = mntget(nd.path.mnt);
	path->dentry = d;
	nd_done(&nd);
	return 0;
}

/**
 * do_filp_open() - open a path
 * @dfd: AT_FDCWD or a directory descriptor
 * @name: the path; not put here
 * @flags: O_* (access mode, O_CREAT, O_EXCL, O_TRUNC, O_APPEND,
 *	O_DIRECTORY, O_NOFOLLOW, O_NONBLOCK kept in f_flags)
 * @mode: permissions for O_CREAT, before the umask
 *
 * Returns the file or ERR_PTR (Linux's errno values).
 */
struct file *do_filp_open(int dfd, struct filename *name, int flags,
			  umode_t mode)
{
	unsigned int lf = (flags & O_NOFOLLOW ? 0 : LOOKUP_FOLLOW) |
			  (flags & O_DIRECTORY ? LOOKUP_DIRECTORY : 0);
	bool created = false;
	struct path path;
	struct file *f;
	int err;

	if (IS_ERR(name))
		return (struct file *)name;
	if (flags & O_CREAT)
		err = open_create(dfd, name, flags, mode, &path, &created);
	else
		err = filename_lookup(dfd, name, lf, &path);
	if (err)
		return ERR_PTR(err);
	if ((flags & O_DIRECTORY) && !S_ISDIR(path.dentry->d_inode->i_mode))
		err = -ENOTDIR;
	else
		err = may_open(&path, open_acc_mode(flags), flags, created);
	if (!err && (flags & O_TRUNC) &&
	    S_ISREG(path.dentry->d_inode->i_mode))
		err = vfs_truncate_inode(path.dentry, 0);
	if (err) {
		path_put(&path);
		return ERR_PTR(err);
	}
	f = alloc_file(&path, flags, path.dentry->d_inode->i_fop);
	path_put(&path);
	if (!f)
		return ERR_PTR(-ENOMEM);
	if (f->f_op && f->f_op->open) {
		err = f->f_op->open(f->f_inode, f);
		if (err) {
			f->f_op = NULL;	/* no release for a failed open */
			fput(f);
			return ERR_PTR(err);
		}
	}
	return f;
}

/**
 * do_sys_openat() - openat(2) on a kernel copy of the path
 * @dfd: AT_FDCWD or a directory descriptor
 * @name: put here
 * @flags: O_*; O_CLOEXEC sets the new descriptor's close-on-exec bit
 * @mode: for O_CREAT
 *
 * Returns the lowest free descriptor, or -errno (-EMFILE when the table
 * is full).
 */
long do_sys_openat(int dfd, struct filename *name, int flags, umode_t mode)
{
	struct file *f;
	int fd;

	if (IS_ERR(name))
		return PTR_ERR(name);
	fd = get_unused_fd_flags(flags);
	if (fd < 0) {
		putname(name);
		return fd;
	}
	f = do_filp_open(dfd, name, flags, mode);
	putname(name);
	if (IS_ERR(f)) {
		put_unused_fd(fd);
		return PTR_ERR(f);
	}
	fd_install(fd, f);
	return fd;
}

/**
 * open_exec() - open a file for execve(): Linux's checks
 * @name: a kernel path, relative to the caller's working directory
 *
 * The file must be a regular file (EACCES otherwise, as Linux) with an
 * x bit the caller may use (EACCES; fsuid 0 needs one x bit somewhere).
 * Returns the file, open for reading, or ERR_PTR.
 */
struct file *open_exec(const char *name)
{
	struct filename *f = getname_kernel(name);
	struct file *file;
	int err;

	if (IS_ERR(f))
		return (struct file *)f;
	file = do_filp_open(AT_FDCWD, f, O_RDONLY, 0);
	putname(f);
	if (IS_ERR(file))
		return file;
	err = S_ISREG(file_inode(file)->i_mode) ?
	      inode_permission(file_inode(file), MAY_EXEC) : -EACCES;
	if (err) {
		fput(file);
		return ERR_PTR(err);
	}
	return file;
}

long ksys_openat(int dfd, const char __user *filename, int flags,
		 umode_t mode)
{
	return do_sys_openat(dfd, getname(filename), flags, mode);
}

long ksys_open(const char __user *filename, int flags, umode_t mode)
{
	return ksys_openat(AT_FDCWD, filename, flags, mode);
}

long ksys_creat(const char __user *pathname, umode_t mode)
{
	return ksys_open(pathname, O_CREAT | O_WRONLY | O_TRUNC, mode);
}

int ksys_close(unsigned int fd)
{
	return close_fd(fd);
}

/**
 * do_faccessat() - faccessat2(2)
 * @dfd: AT_FDCWD or a directory descriptor
 * @name: put here
 * @mode: F_OK or a mix of R_OK, W_OK, X_OK
 * @flags: AT_EACCESS, AT_SYMLINK_NOFOLLOW, AT_EMPTY_PATH
 *
 * Returns 0, -EINVAL for bad @mode or @flags, -EACCES, or a lookup's
 * error.  There being one set of ids, real and effective agree.
 */
long do_faccessat(int dfd, struct filename *name, int mode, int flags)
{
	unsigned int lf = LOOKUP_FOLLOW;
	struct path p;
	int err;

	if ((mode & ~(R_OK | W_OK | X_OK)) ||
	    (flags & ~(AT_EACCESS | AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH))) {
		putname(name);
		return -EINVAL;
	}
	if (flags & AT_SYMLINK_NOFOLLOW)
		lf &= ~LOOKUP_FOLLOW;
	if (flags & AT_EMPTY_PATH)
		lf |= LOOKUP_EMPTY;
	err = filename_lookup(dfd, name, lf, &p);
	putname(name);
	if (err)
		return err;
	if (mode)
		err = inode_permission(p.dentry->d_inode, mode);
	path_put(&p);
	return err;
}

long ksys_faccessat2(int dfd, const char __user *filename, int mode,
		     int flags)
{
	return do_faccessat(dfd, getname_flags(filename,
			    flags & AT_EMPTY_PATH ? LOOKUP_EMPTY : 0),
			    mode, flags);
}

static long set_pwd_checked(struct path *p)
{
	int err = S_ISDIR(p->dentry->d_inode->i_mode) ?
		  inode_permission(p->dentry->d_inode, MAY_EXEC) : -ENOTDIR;

	if (!err)
		set_fs_pwd(current_fs(), p);
	path_put(p);
	return err;
}

long do_chdir(struct filename *name)
{
	struct path p;
	int err = filename_lookup(AT_FDCWD, name,
				  LOOKUP_FOLLOW | LOOKUP_DIRECTORY, &p);

	putname(name);
	return err ? err : set_pwd_checked(&p);
}

long ksys_chdir(const char __user *filename)
{
	return do_chdir(getname(filename));
}

long do_fchdir(unsigned int fd)
{
	struct file *f = fget(fd);
	struct path p;

	if (!f)
		return -EBADF;
	p = f->f_path;
	path_get(&p);
	fput(f);
	return set_pwd_checked(&p);
}

long ksys_fchdir(unsigned int fd)
{
	return do_fchdir(fd);
}

/* umask(2): the old mask */
long ksys_umask(int mask)
{
	struct fs_struct *fs = current_fs();

	return __atomic_exchange_n(&fs->umask, mask & S_IRWXUGO,
				   __ATOMIC_RELAXED);
}

/* truncate(2) on a kernel path: Linux's errno values */
long do_truncate_path(struct filename *name, loff_t length)
{
	struct path p;
	struct inode *inode;
	int err;

	if (length < 0) {
		putname(name);
		return -EINVAL;
	}
	err = filename_lookup(AT_FDCWD, name, LOOKUP_FOLLOW, &p);
	putname(name);
	if (err)
		return err;
	inode = p.dentry->d_inode;
	if (S_ISDIR(inode->i_mode))
		err = -EISDIR;
	else if (!S_ISREG(inode->i_mode))
		err = -EINVAL;
	else
		err = inode_permission(inode, MAY_WRITE);
	if (!err)
		err = vfs_truncate_inode(p.dentry, length);
	path_put(&p);
	return err;
}

long ksys_truncate(const char __user *path, loff_t length)
{
	return do_truncate_path(getname(path), length);
}

long do_ftruncate(unsigned int fd, loff_t length)
{
	struct file *f;
	int err;

	if (length < 0)
		return -EINVAL;
	f = fget(fd);
	if (!f)
		return -EBADF;
	if (!S_ISREG(file_inode(f)->i_mode) || !(f->f_mode & FMODE_WRITE))
		err = -EINVAL;
	else
		err = vfs_truncate_inode(f->f_path.dentry, length);
	fput(f);
	return err;
}

long ksys_ftruncate(unsigned int fd, loff_t length)
{
	return do_ftruncate(fd, length);
}

/* sync(2): everything lives in RAM, there is nothing to write back */
long ksys_sync(void)
{
	return 0;
}
