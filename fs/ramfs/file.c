// SPDX-License-Identifier: GPL-2.0
/*
 * ramfs regular files: the data in whole pages, indexed by file offset /
 * PAGE_SIZE.  A page never written is absent and reads as zeros, so a
 * write far past the end leaves a hole that costs nothing; truncation
 * drops the pages past the new end and zeroes the tail of the last one
 * (so growing again shows zeros, not old data).
 *
 * The pages are what a mapping of the file maps (Linux's page cache is
 * ramfs's store too): a fault takes a reference to the page at its
 * offset, filling a hole with a zeroed page as Linux's ramfs does, so a
 * write through a MAP_SHARED mapping is the file's data and a write()
 * is seen by the mapping.  A fault at or past the page holding the end of
 * the file is SIGBUS.
 *
 * Two locks, so that no order can deadlock:
 *  - i_lock (Linux's inode lock) serialises read, write and truncate,
 *    and is held across the copy to or from the caller's buffer, whose
 *    page fault takes the mmap lock.
 *  - ramfs_data.lock guards pages[], nr, i_blocks and the changes of
 *    i_size, and is all a fault takes (under the mmap lock).  It is
 *    innermost and never held across a user copy.
 * A reader or writer needs no page reference: only truncation, under
 * i_lock, drops pages.  A page dropped while mapped lives on for the
 * mappings holding it (see ramfs_truncate()).
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <asm/page.h>
#include "internal.h"

struct ramfs_data {
	spinlock_t lock;	/* pages[], nr; inside i_lock */
	unsigned long nr;	/* slots in pages[] */
	void **pages;		/* NULL slots: holes */
};

/* the file's data, made on first use; a fault may be first, so no i_lock */
static struct ramfs_data *ramfs_data(struct inode *inode)
{
	void *none = NULL;
	struct ramfs_data *d = __atomic_load_n(&inode->i_private,
					       __ATOMIC_ACQUIRE), *fresh;

	if (d)
		return d;
	fresh = kzalloc(sizeof(*fresh), GFP_ATOMIC);
	if (!fresh)
		return NULL;
	spin_lock_init(&fresh->lock);
	if (__atomic_compare_exchange_n(&inode->i_private, &none, fresh,
					false, __ATOMIC_ACQ_REL,
					__ATOMIC_ACQUIRE))
		return fresh;
	kfree(fresh);
	return none;
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

/* page @idx, allocated if @create; NULL: a hole or no memory; d->lock held */
static void *ramfs_page_locked(struct inode *inode, struct ramfs_data *d,
			       unsigned long idx, bool create)
{
	if (idx < d->nr && d->pages[idx])
		return d->pages[idx];
	if (!create || ramfs_grow(d, idx))
		return NULL;
	d->pages[idx] = (void *)get_zeroed_page(GFP_ATOMIC);
	if (d->pages[idx])
		inode->i_blocks += PAGE_SIZE / 512;
	return d->pages[idx];
}

/* the page holding byte @pos, allocated if @create; i_lock held */
static void *ramfs_page(struct inode *inode, loff_t pos, bool create)
{
	struct ramfs_data *d = ramfs_data(inode);
	void *page;

	if (!d)
		return NULL;
	spin_lock(&d->lock);
	page = ramfs_page_locked(inode, d, pos / PAGE_SIZE, create);
	spin_unlock(&d->lock);
	return page;
}

/* a write that ends past the end moves it; i_lock held */
static void ramfs_extend(struct inode *inode, loff_t pos)
{
	struct ramfs_data *d = inode->i_private;

	spin_lock(&d->lock);
	if (pos > inode->i_size)
		WRITE_ONCE(inode->i_size, pos);
	spin_unlock(&d->lock);
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
		/* a copy that faulted at once leaves the size alone */
		if (got)
			ramfs_extend(inode, *pos);
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

/*
 * Drop the pages wholly past @size and zero the rest of the last one;
 * i_lock held, or the last reference.  Like Linux, a later fault past the
 * new end is SIGBUS.  Unlike Linux, which unmaps the dropped pages from
 * every mapping, pages a mapping already maps stay mapped there: the
 * mapping's reference keeps each one, no longer the file's, until it is
 * unmapped (Documentation/filesystems/vfs.rst).
 */
static void ramfs_truncate(struct inode *inode, loff_t size)
{
	struct ramfs_data *d = inode->i_private;
	unsigned long idx, first = DIV_ROUND_UP(size, PAGE_SIZE);
	void *page;

	if (!d) {
		inode->i_size = size;
		return;
	}
	spin_lock(&d->lock);
	WRITE_ONCE(inode->i_size, size);
	for (idx = first; idx < d->nr; idx++) {
		page = d->pages[idx];
		if (!page)
			continue;
		d->pages[idx] = NULL;
		inode->i_blocks -= PAGE_SIZE / 512;
		free_page((unsigned long)page);	/* a mapping may hold it on */
	}
	if (size % PAGE_SIZE && first - 1 < d->nr && d->pages[first - 1])
		memset(d->pages[first - 1] + size % PAGE_SIZE, 0,
		       PAGE_SIZE - size % PAGE_SIZE);
	spin_unlock(&d->lock);
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

/*
 * The page at vmf->pgoff, referenced for the mapping: a hole inside the
 * file gets a zeroed page that becomes the file's, past the last page is
 * SIGBUS (Linux's filemap_fault() and shmem_fault()).
 */
static unsigned int ramfs_fault(struct vm_fault *vmf)
{
	struct inode *inode = file_inode(vmf->vma->vm_file);
	struct ramfs_data *d = ramfs_data(inode);
	void *page = NULL;
	bool past_end;

	if (!d)
		return VM_FAULT_OOM;
	spin_lock(&d->lock);
	past_end = vmf->pgoff >= DIV_ROUND_UP((u64)inode->i_size, PAGE_SIZE);
	if (!past_end) {
		page = ramfs_page_locked(inode, d, vmf->pgoff, true);
		if (page)
			get_page(virt_to_page(page));
	}
	spin_unlock(&d->lock);
	if (past_end)
		return VM_FAULT_SIGBUS;
	if (!page)
		return VM_FAULT_OOM;
	vmf->page = virt_to_page(page);
	return 0;
}

static const struct vm_operations_struct ramfs_file_vm_ops = {
	.open = filemap_vma_open,
	.close = filemap_vma_close,
	.fault = ramfs_fault,
};

static int ramfs_mmap(struct file *file, struct vm_area_struct *vma)
{
	vma->vm_ops = &ramfs_file_vm_ops;
	return 0;
}

const struct inode_operations ramfs_file_inode_operations = {
	.setattr = ramfs_setattr,
};

const struct file_operations ramfs_file_operations = {
	.llseek = generic_file_llseek,
	.read_iter = ramfs_read_iter,
	.write_iter = ramfs_write_iter,
	.mmap = ramfs_mmap,
};
