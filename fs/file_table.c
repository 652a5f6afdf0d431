// SPDX-License-Identifier: GPL-2.0
/*
 * struct file: one open of a file, shared by the descriptors dup() and
 * fork make of it (they share its position and flags).  The last fput()
 * calls the driver's release() and drops the path.
 */
#include <linux/bug.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/slab.h>

/**
 * alloc_file() - a new open file of @path
 * @path: referenced by the caller; the file takes its own references
 * @flags: the open flags (O_ACCMODE, O_APPEND, ...)
 * @fop: its operations
 *
 * f_mode follows the access mode: FMODE_READ and/or FMODE_WRITE, plus
 * FMODE_LSEEK, FMODE_PREAD and FMODE_PWRITE when @fop can seek.  Returns
 * NULL without memory.
 */
struct file *alloc_file(const struct path *path, unsigned int flags,
			const struct file_operations *fop)
{
	struct file *f = kzalloc(sizeof(*f), GFP_KERNEL);
	unsigned int acc = flags & O_ACCMODE;

	if (!f)
		return NULL;
	f->f_path = *path;
	path_get(path);
	f->f_inode = path->dentry->d_inode;
	f->f_op = fop;
	f->f_flags = flags & ~(O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC |
			       O_CLOEXEC);
	f->f_count = 1;
	spin_lock_init(&f->f_lock);
	if (acc == O_RDONLY || acc == O_RDWR)
		f->f_mode |= FMODE_READ;
	if (acc == O_WRONLY || acc == O_RDWR)
		f->f_mode |= FMODE_WRITE;
	if (fop && fop->llseek != no_llseek)
		f->f_mode |= FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE;
	return f;
}

struct file *get_file(struct file *f)
{
	__atomic_add_fetch(&f->f_count, 1, __ATOMIC_RELAXED);
	return f;
}

void fput(struct file *f)
{
	int left = __atomic_sub_fetch(&f->f_count, 1, __ATOMIC_ACQ_REL);

	BUG_ON(left < 0);
	if (left)
		return;
	if (f->f_op && f->f_op->release)
		f->f_op->release(f->f_inode, f);
	path_put(&f->f_path);
	kfree(f);
}
