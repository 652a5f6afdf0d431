// SPDX-License-Identifier: GPL-2.0
/*
 * The open file of a binary sysfs file (sysfs_create_bin_file()), with
 * Linux 6.1's kernfs and sysfs rules, which user programs see through
 * the PCI resource files:
 *
 * - open: reading needs a read or mmap callback, writing a write or mmap
 *   callback, else EACCES;
 * - read and write move at most a page per call, through a kernel
 *   buffer; a write copies the user's bytes in first (EFAULT);
 * - the file's size (0: none) cuts a transfer: a read at or past it is
 *   end of file, a write is EFBIG;
 * - a missing read or write callback is EIO;
 * - lseek counts SEEK_END from 0: kernfs never sets the inode size it
 *   seeks by, though stat reports the file's size;
 * - mmap is the callback's, ENODEV without one (kernfs_fop_mmap()).
 *
 * The callbacks are looked up at open by the inode's path, so a file
 * removed meanwhile opens as ENOENT.
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/uio.h>
#include <linux/vfile.h>
#include <asm/page.h>
#include "internal.h"

struct vfile_bin_open {
	const struct vfile_bin *bin;
	loff_t size;
	void *private;
};

static int vfile_bin_open(struct inode *inode, struct file *file)
{
	struct vfile_bin_open *o = kmalloc(sizeof(*o), GFP_KERNEL);
	bool can_read, can_write;

	if (!o)
		return -ENOMEM;
	if (vfile_bin_get(inode->i_private, &o->bin, &o->size, &o->private)) {
		kfree(o);
		return -ENOENT;
	}
	can_read = o->bin->read || o->bin->mmap;
	can_write = o->bin->write || o->bin->mmap;
	if ((file->f_mode & FMODE_READ && !can_read) ||
	    (file->f_mode & FMODE_WRITE && !can_write)) {
		kfree(o);
		return -EACCES;
	}
	file->private_data = o;
	return 0;
}

static int vfile_bin_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

static ssize_t vfile_bin_read(struct file *file, struct iov_iter *to,
			      loff_t *pos)
{
	const struct vfile_bin_open *o = file->private_data;
	size_t count = min_t(size_t, iov_iter_count(to), PAGE_SIZE);
	ssize_t ret;
	char *buf;

	if (o->size) {
		if (*pos >= o->size)
			return 0;
		count = min_t(loff_t, count, o->size - *pos);
	}
	if (!o->bin->read)
		return -EIO;
	buf = kmalloc(count, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	ret = o->bin->read(o->private, buf, *pos, count);
	if (ret > 0) {
		if (copy_to_iter(buf, ret, to) != (size_t)ret)
			ret = -EFAULT;
		else
			*pos += ret;
	}
	kfree(buf);
	return ret;
}

static ssize_t vfile_bin_write(struct file *file, struct iov_iter *from,
			       loff_t *pos)
{
	const struct vfile_bin_open *o = file->private_data;
	size_t count = min_t(size_t, iov_iter_count(from), PAGE_SIZE);
	ssize_t ret;
	char *buf = kmalloc(count, GFP_KERNEL);

	if (!buf)
		return -ENOMEM;
	ret = -EFAULT;
	if (copy_from_iter(buf, count, from) != count)
		goto out;
	ret = -EFBIG;
	if (o->size) {
		if (*pos >= o->size)
			goto out;
		count = min_t(loff_t, count, o->size - *pos);
	}
	ret = -EIO;
	if (!o->bin->write)
		goto out;
	ret = o->bin->write(o->private, buf, *pos, count);
	if (ret > 0)
		*pos += ret;
out:
	kfree(buf);
	return ret;
}

static loff_t vfile_bin_llseek(struct file *file, loff_t offset, int whence)
{
	/* SEEK_END from 0, as kernfs (see above) */
	return llseek_from_end(file, offset, whence, 0);
}

static int vfile_bin_mmap(struct file *file, struct vm_area_struct *vma)
{
	const struct vfile_bin_open *o = file->private_data;

	if (!o->bin->mmap)
		return -ENODEV;
	return o->bin->mmap(o->private, file, vma);
}

const struct file_operations vfile_bin_fops = {
	.llseek = vfile_bin_llseek,
	.read_iter = vfile_bin_read,
	.write_iter = vfile_bin_write,
	.mmap = vfile_bin_mmap,
	.open = vfile_bin_open,
	.release = vfile_bin_release,
};
