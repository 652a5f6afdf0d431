// SPDX-License-Identifier: GPL-2.0
/*
 * Unpacking the initramfs into the root file system: one call per cpio
 * member (an initramfs_parse() actor), creating what Linux's
 * init/initramfs.c creates and in the same way: whatever is in the way
 * with another file type is removed first (clean_path()), a regular
 * file is written from its start (truncated, unless it is a hard link
 * to an earlier member, which Linux appends into), and every member
 * gets its archived mode, owner, group and mtime.  Directories get their
 * mtime in a later pass, after their contents stopped changing it.
 *
 * Paths come from the parser without a leading "/" and without ".."
 * components, so nothing lands outside the root.
 */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_syscalls.h>
#include <linux/initramfs.h>
#include <linux/initramfs_unpack.h>
#include <linux/kernel.h>
#include <linux/namei.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/string.h>

static struct filename *member_path(const struct initramfs_entry *e)
{
	char *p = kmalloc(e->name_len + 2, GFP_KERNEL);
	struct filename *f;

	if (!p)
		return ERR_PTR(-ENOMEM);
	p[0] = '/';
	memcpy(p + 1, e->name, e->name_len + 1);
	f = getname_kernel(p);
	kfree(p);
	return f;
}

static struct filename *dup_name(const struct filename *f)
{
	return getname_kernel(f->name);
}

/* remove what is at @path when its type differs from @fmode's */
static void clean_path(const struct filename *path, umode_t fmode)
{
	struct kstat st;

	if (vfs_fstatat(AT_FDCWD, (struct filename *)path, &st,
			AT_SYMLINK_NOFOLLOW))
		return;
	if (!((st.mode ^ fmode) & S_IFMT))
		return;
	if (S_ISDIR(st.mode))
		do_rmdir(AT_FDCWD, dup_name(path));
	else
		do_unlinkat(AT_FDCWD, dup_name(path));
}

/* mode, owner and mtime as archived */
static int set_attrs(const struct filename *path,
		     const struct initramfs_entry *e, bool is_link)
{
	struct timespec64 t = { .tv_sec = e->mtime };
	int flags = is_link ? AT_SYMLINK_NOFOLLOW : 0;
	int err;

	err = do_fchownat(AT_FDCWD, dup_name(path), e->uid, e->gid, flags);
	if (!err && !is_link)
		err = do_fchmodat(AT_FDCWD, dup_name(path), e->mode);
	if (!err && !S_ISDIR(e->mode))
		err = vfs_utimes_at(AT_FDCWD, dup_name(path), &t, &t, flags);
	return err;
}

static int write_member(const struct filename *path,
			const struct initramfs_entry *e)
{
	int flags = O_WRONLY | O_CREAT | (e->link ? 0 : O_TRUNC);
	struct iov_iter it;
	long fd;
	ssize_t n = 0;

	if (e->link) {
		char *old = kmalloc(strlen(e->link) + 2, GFP_KERNEL);
		int err;

		if (!old)
			return -ENOMEM;
		old[0] = '/';
		strscpy(old + 1, e->link, strlen(e->link) + 1);
		clean_path(path, 0);
		err = do_linkat(AT_FDCWD, getname_kernel(old), AT_FDCWD,
				dup_name(path), 0);
		kfree(old);
		if (err)
			return err;
	} else {
		clean_path(path, e->mode);
	}
	fd = do_sys_openat(AT_FDCWD, dup_name(path), flags, e->mode & 07777);
	if (fd < 0)
		return fd;
	if (e->size) {
		iov_iter_kbuf(&it, WRITE, (void *)e->data, e->size);
		n = do_rw_iter(fd, &it, NULL);
	}
	close_fd(fd);
	if (n < 0)
		return n;
	return (size_t)n == e->size ? 0 : -ENOSPC;
}

static int make_symlink(const struct filename *path,
			const struct initramfs_entry *e)
{
	char *target = kmalloc(e->size + 1, GFP_KERNEL);
	int err;

	if (!target)
		return -ENOMEM;
	memcpy(target, e->data, e->size);
	target[e->size] = '\0';
	clean_path(path, e->mode);
	err = do_symlinkat(getname_kernel(target), AT_FDCWD, dup_name(path));
	kfree(target);
	return err;
}

static int make_member(const struct filename *path,
		       const struct initramfs_entry *e)
{
	dev_t rdev = MKDEV(e->rdev_major, e->rdev_minor);
	int err;

	switch (e->mode & S_IFMT) {
	case S_IFREG:
		err = write_member(path, e);
		break;
	case S_IFDIR:
		err = do_mkdirat(AT_FDCWD, dup_name(path), e->mode & 07777);
		if (err == -EEXIST)
			err = 0;	/* "." or a repeated directory */
		break;
	case S_IFLNK:
		err = make_symlink(path, e);
		break;
	case S_IFCHR:
	case S_IFBLK:
	case S_IFIFO:
	case S_IFSOCK:
		clean_path(path, e->mode);
		err = do_mknodat(AT_FDCWD, dup_name(path), e->mode,
				 new_encode_dev(rdev));
		break;
	default:
		err = -EINVAL;
	}
	return err ? err : set_attrs(path, e, S_ISLNK(e->mode));
}

static void count_member(struct initramfs_unpack *u,
			 const struct initramfs_entry *e)
{
	u->entries++;
	switch (e->mode & S_IFMT) {
	case S_IFDIR:
		u->dirs++;
		break;
	case S_IFREG:
		u->files++;
		u->file_bytes += e->size;
		break;
	case S_IFLNK:
		u->symlinks++;
		break;
	case S_IFCHR:
	case S_IFBLK:
		u->nodes++;
		break;
	default:
		u->other++;
	}
}

/**
 * initramfs_unpack_entry() - create one member in the root
 * @e: the member
 * @arg: struct initramfs_unpack, counting what was created
 *
 * A member that cannot be created is reported and skipped, as Linux
 * skips it; the archive goes on.  Always returns 0.
 */
int initramfs_unpack_entry(const struct initramfs_entry *e, void *arg)
{
	struct initramfs_unpack *u = arg;
	struct filename *path = member_path(e);
	int err = IS_ERR(path) ? PTR_ERR(path) : make_member(path, e);

	if (err) {
		pr_err("initramfs: cannot create /%s: error %d\n", e->name, err);
		u->failed++;
	} else {
		count_member(u, e);
	}
	putname(path);
	return 0;
}

/* the later pass: each directory's archived mtime */
int initramfs_dir_times(const struct initramfs_entry *e, void *arg)
{
	struct timespec64 t = { .tv_sec = e->mtime };
	struct filename *path;

	if (!S_ISDIR(e->mode))
		return 0;
	path = member_path(e);
	if (!IS_ERR(path))
		vfs_utimes_at(AT_FDCWD, path, &t, &t, 0);
	return 0;
}
