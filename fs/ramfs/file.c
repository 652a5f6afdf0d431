// SPDX-License-Identifier: GPL-2.0
/*
 * ramfs regular files: the data in whole pages, indexed by file offset /
 * PAGE_SIZE.  A page never written is absent and reads as zeros, so a
 * write far past the end leaves a hole that costs nothing; truncation
 * frees the pages past the new end and zeroes the tail of the last one
 * (so growing again shows zeros, not old data).
 *
 * i_lock guards the page table and i_size; it is held across the copy
 * to or from the caller's buffer, which is safe while nothing sleeps
 * (a user page fault does not, yet).
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/gfp.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/page.h>
#include "internal.h"

struct ramfs_data {
	unsigned long nr;	/* slots in pages[] */
	void **pages;		/* NULL slots: holes */
};

static struct ramfs_data *ramfs_data(struct inode *inode)
{
	if (!inode->i_private)
		inode->i_private = kzalloc(sizeof(struct ramfs_data),
					   GFP_ATOMIC);
	return inode->i_private;
}

/* make room for page @idx in the table; 0 or -ENOMEM */
static int ramfs_grow(struct ramfs_data *d, unsigned long idx)
{
	unsigned long nr = d->nr ? d->nr : 4;
	void **pages;

	if (idx < d->nr)
		return 0;
	while (nr <= idx)
		nr *= 2;
	if (nr > KMALLOC_MAX_SIZE / sizeof(void *))
		return -ENOMEM;
	pages = kzalloc(nr * sizeof(void *), GFP_ATOMIC);
	if (!pages)
		return -ENOMEM;
	if (d->nr)
		memcpy(pages, d->pages, d->nr * sizeof(void *));
	kfree(d->pages);
	d->pages = pages;
	d->nr = nr;
	return 0;
}

/* the page holding byte @pos, allocated if @create; NULL: a hole or no memory */
static void *ramfs_page(struct inode *inode, loff_t pos, bool create)
{
	struct ramfs_data *d = ramfs_data(inode);
	unsigned long idx = pos / PAGE_SIZE;

	if (!d)
		return NULL;
	if (idx < d->nr && d->pages[idx])
		return d->pages[idx];
	if (!create || ramfs_grow(d, idx))
		return NULL;
	d->pages[idx] = (void *)get_zeroed_page(GFP_ATOMIC);
	if (d->pages[idx])
		inode->i_blocks += PAGE_SIZE / 512;
	return d->pages[idx];
}

static ssize_t ramfs_read_iter(struct file *file, struct iov_iter *to,
			       loff_t *pos)
{
	struct inode *inode = file_inode(file);
	size_t done = 0;

	spin_lock(&inode->i_lock);
	while (iov_iter_count(to) && *pos < inode->i_size) {
		size_t off = *pos % PAGE_SIZE;
		size_t n = min_t(u64, PAGE_SIZE - off,
				 min_t(u64, iov_iter_count(to),
				       inode->i_size - *pos));
		void *page = ramfs_page(inode, *pos, false);
		size_t got = page ? copy_to_iter(page + off, n, to)
				  : iov_iter_zero(n, to);

		done += got;
		*pos += got;
		if (got != n)
			break;
	}
	spin_unlock(&inode->i_lock);
	if (!done && iov_iter_count(to) && *pos < inode->i_size)
		return -EFAULT;
	return done;
}

static ssize_t ramfs_write_iter(struct file *file, struct iov_iter *from,
				loff_t *pos)
{
	struct inode *inode = file_inode(file);
	size_t done = 0;
	ssize_t err = 0;

	spin_lock(&inode->i_lock);
	if (file->f_flags & O_APPEND)
		*pos = inode->i_size;
	if (*pos >= inode->i_sb->s_maxbytes) {
		spin_unlock(&inode->i_lock);
		return -EFBIG;
	}
	while (iov_iter_count(from)) {
		size_t off = *pos % PAGE_SIZE;
		size_t n = min_t(size_t, PAGE_SIZE - off, iov_iter_count(from));
		void *page = ramfs_page(inode, *pos, true);
		size_t got;

		if (!page) {
			err = -ENOMEM;
			break;
		}
		got = copy_from_iter(page + off, n, from);
		done += got;
		*pos += got;
		if (*pos > inode->i_size)
			inode->i_size = *pos;
		if (got != n) {
			err = -EFAULT;
			break;
		}
	}
	if (done)
		inode_touch(inode, true);
	spin_unlock(&inode->i_lock);
	return done ? (ssize_t)done : err;
}

/* drop the pages wholly past @size and zero the rest of the last one */
static void ramfs_truncate(struct inode *inode, loff_t size)
{
	struct ramfs_data *d = inode->i_private;
	unsigned long idx, first = DIV_ROUND_UP(size, PAGE_SIZE);

	if (d) {
		for (idx = first; idx < d->nr; idx++) {
			if (!d->pages[idx])
				continue;
			free_page((unsigned long)d->pages[idx]);
			d->pages[idx] = NULL;
			inode->i_blocks -= PAGE_SIZE / 512;
		}
		if (size % PAGE_SIZE && first - 1 < d->nr && d->pages[first - 1])
			memset(d->pages[first - 1] + size % PAGE_SIZE, 0,
			       PAGE_SIZE - size % PAGE_SIZE);
	}
	inode->i_size = size;
}

static int ramfs_setattr(struct dentry *dentry, struct iattr *attr)
{
	struct inode *inode = dentry->d_inode;

	if (attr->ia_valid & ATTR_SIZE) {
		if (attr->ia_size < 0)
			return -EINVAL;
		if (attr->ia_size > inode->i_sb->s_maxbytes)
			return -EFBIG;
		spin_lock(&inode->i_lock);
		ramfs_truncate(inode, attr->ia_size);
		inode_touch(inode, true);
		spin_unlock(&inode->i_lock);
	}
	if (attr->ia_valid & ATTR_MODE) {
		inode->i_mode = (inode->i_mode & S_IFMT) |
				(attr->ia_mode & S_IALLUGO);
		inode_touch(inode, false);
	}
	return 0;
}

/* the last reference: free the data or the symlink target */
void ramfs_evict_inode(struct inode *inode)
{
	struct ramfs_data *d = inode->i_private;

	if (S_ISREG(inode->i_mode) && d) {
		ramfs_truncate(inode, 0);
		kfree(d->pages);
		kfree(d);
	}
	kfree(inode->i_link);
}

const struct inode_operations ramfs_file_inode_operations = {
	.setattr = ramfs_setattr,
};

const struct file_operations ramfs_file_operations = {
	.llseek = generic_file_llseek,
	.read_iter = ramfs_read_iter,
	.write_iter = ramfs_write_iter,
};
