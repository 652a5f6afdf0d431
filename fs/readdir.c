// SPDX-License-Identifier: GPL-2.0
/*
 * getdents64(2) and the directory reading of in-memory file systems.
 *
 * A directory's position counts entries: 0 is ".", 1 is "..", n >= 2 the
 * (n - 2)th name in the directory's list, in creation order.  Reading
 * runs under the namespace lock, so one getdents64() sees one state;
 * between two calls a removal before the position shifts the rest by
 * one (Linux keeps a cursor in the list instead; none here yet).
 */
#include <linux/dirent.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_syscalls.h>
#include <linux/kernel.h>
#include <asm/uaccess.h>

/**
 * iterate_dir() - hand @file's entries from ctx->pos on to ctx->actor
 * @file: an open directory
 * @ctx: actor and position; the position is stored back in the file
 *
 * Returns 0, -ENOTDIR, or the file system's error.
 */
int iterate_dir(struct file *file, struct dir_context *ctx)
{
	int err;

	if (!file->f_op || !file->f_op->iterate_shared)
		return -ENOTDIR;
	spin_lock(&file->f_lock);
	ctx->pos = file->f_pos;
	spin_unlock(&file->f_lock);
	err = file->f_op->iterate_shared(file, ctx);
	spin_lock(&file->f_lock);
	file->f_pos = ctx->pos;
	spin_unlock(&file->f_lock);
	return err;
}

/* the parent of @d as ".." shows it: the mount point's when at a root */
static u64 parent_ino(struct file *file)
{
	struct dentry *d = file->f_path.dentry;
	struct vfsmount *m = file->f_path.mnt;

	while (d == m->mnt_root && m->mnt_parent != m) {
		d = m->mnt_mountpoint;
		m = m->mnt_parent;
	}
	return d->d_parent->d_inode->i_ino;
}

/* readdir for file systems whose directories are their dentry tree */
int dcache_readdir(struct file *file, struct dir_context *ctx)
{
	struct dentry *dir = file->f_path.dentry, *d;
	loff_t n = 2;

	lock_namespace();
	if (ctx->pos == 0) {
		if (!dir_emit(ctx, ".", 1, dir->d_inode->i_ino, DT_DIR))
			goto out;
		ctx->pos = 1;
	}
	if (ctx->pos == 1) {
		if (!dir_emit(ctx, "..", 2, parent_ino(file), DT_DIR))
			goto out;
		ctx->pos = 2;
	}
	list_for_each_entry(d, &dir->d_subdirs, d_child) {
		if (n++ < ctx->pos)
			continue;
		if (!dir_emit(ctx, d->d_name.name, d->d_name.len,
			      d->d_inode->i_ino,
			      fs_umode_to_dtype(d->d_inode->i_mode)))
			break;
		ctx->pos = n;
	}
out:
	unlock_namespace();
	return 0;
}

/* a directory's lseek: SEEK_SET and SEEK_CUR to an entry index */
static loff_t dcache_dir_lseek(struct file *file, loff_t offset, int whence)
{
	if (whence == SEEK_END)
		return -EINVAL;
	return generic_file_llseek(file, offset, whence);
}

const struct file_operations simple_dir_operations = {
	.llseek = dcache_dir_lseek,
	.iterate_shared = dcache_readdir,
};

struct getdents_callback64 {
	struct dir_context ctx;
	struct iov_iter *to;
	int error;
	bool any;
};

static bool filldir64(struct dir_context *ctx, const char *name, int namelen,
		      loff_t offset, u64 ino, unsigned int d_type)
{
	struct getdents_callback64 *buf =
		container_of(ctx, struct getdents_callback64, ctx);
	u64 rec[(sizeof(struct linux_dirent64) + NAME_MAX + 1 + 7) / 8];
	long len = dirent64_pack(rec, sizeof(rec), ino, offset + 1, d_type,
				 name, namelen);

	if (len < 0 || (size_t)len > iov_iter_count(buf->to)) {
		buf->error = -EINVAL;	/* the buffer is too small */
		return false;
	}
	if (copy_to_iter(rec, len, buf->to) != (size_t)len) {
		buf->error = -EFAULT;
		return false;
	}
	buf->any = true;
	return true;
}

/**
 * do_getdents64() - getdents64(2) into @to
 * @fd: an open directory
 * @to: the buffer
 *
 * Returns the bytes written (0 at the end), -EBADF, -ENOTDIR, -EINVAL
 * when not even one record fits, -EFAULT.
 */
ssize_t do_getdents64(unsigned int fd, struct iov_iter *to)
{
	struct getdents_callback64 buf = {
		.ctx.actor = filldir64,
		.to = to,
	};
	size_t count = iov_iter_count(to);
	struct file *f = fget(fd);
	int err;

	if (!f)
		return -EBADF;
	err = iterate_dir(f, &buf.ctx);
	fput(f);
	if (err)
		return err;
	if (buf.any)
		return count - iov_iter_count(to);
	return buf.error;
}

long ksys_getdents64(unsigned int fd, struct linux_dirent64 __user *dirent,
		     unsigned int count)
{
	struct iov_iter it;

	/* a bad buffer shows as the first record's copy failing: EFAULT */
	iov_iter_ubuf(&it, READ, dirent, count);
	return do_getdents64(fd, &it);
}
