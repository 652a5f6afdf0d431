// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/mem (1:1) and /dev/port (1:4): physical memory and I/O ports as
 * files, with Linux 6.1's semantics (drivers/char/mem.c there).
 *
 * /dev/mem's file position is a physical address.  read() and write()
 * go a page at a time, each page checked by devmem_is_allowed() and
 * copied through its own temporary mapping (xlate_dev_mem_ptr()), which
 * is dropped before the next page.  A refused page fails the whole call
 * with -EPERM, and a fault on the user buffer fails a read with -EFAULT,
 * even when pages before it were copied (Linux 6.1 does not return a
 * partial count there; a write faulting after some bytes does).  A RAM
 * page of the first MiB reads as zeros and swallows writes.  Positions are
 * unsigned (FMODE_UNSIGNED_OFFSET): lseek accepts any position that does
 * not look like an error code, and read/write refuse those past the end
 * of RAM with -EFAULT.
 *
 * mmap maps any range whose every page devmem_is_allowed() accepts (a
 * RAM page of the first MiB included, as Linux's range_is_allowed()),
 * -EPERM otherwise, with remap_pfn_range(): the type asked is UC- under
 * O_SYNC, else WB (phys_mem_access_prot_allowed()), and the reservation
 * decides the type granted (Documentation/admin-guide/devmem.rst).
 *
 * /dev/port reads and writes one byte per port with inb/outb, from the
 * position up to port 0xffff.
 *
 * Both need CAP_SYS_RAWIO.
 */
#include <linux/cred.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/slab.h>
#include <linux/uio.h>
#include <asm/devmem.h>
#include <asm/io.h>
#include <asm/page.h>
#include <asm/pfnmap.h>
#include "devmem.h"

#define MAX_ERRNO	4095
#define IO_SPACE_LIMIT	0xffff

/* the bytes of [p, p + count) that lie in p's page */
static size_t size_inside_page(phys_addr_t p, size_t count)
{
	return min_t(size_t, PAGE_SIZE - (p & ~PAGE_MASK), count);
}

/* a long transfer stops early for a pending signal, keeping what it did */
static bool should_stop_iteration(void)
{
	cond_resched();
	return signal_pending(current);
}

/* copy one allowed page's bytes out; false on a fault either side */
static bool read_mem_page(phys_addr_t p, size_t sz, void *bounce,
			  struct iov_iter *to)
{
	void *ptr = xlate_dev_mem_ptr(p);

	if (!ptr)
		return false;
	memcpy_fromio(bounce, (const void __iomem __force *)ptr, sz);
	unxlate_dev_mem_ptr(p, ptr);
	return copy_to_iter(bounce, sz, to) == sz;
}

static ssize_t read_mem(struct file *file, struct iov_iter *to, loff_t *ppos)
{
	phys_addr_t p = *ppos;
	size_t count = iov_iter_count(to);
	ssize_t done = 0;
	int err = 0;
	void *bounce;

	if (!valid_phys_addr_range(p, count))
		return -EFAULT;
	bounce = kmalloc(PAGE_SIZE, GFP_KERNEL);
	if (!bounce)
		return -ENOMEM;
	while (count) {
		size_t sz = size_inside_page(p, count);
		int allowed = devmem_is_allowed(p >> PAGE_SHIFT);

		if (allowed == DEVMEM_REFUSED) {
			err = -EPERM;
			break;
		}
		if (allowed == DEVMEM_ZEROED ? iov_iter_zero(sz, to) != sz :
		    !read_mem_page(p, sz, bounce, to)) {
			err = -EFAULT;
			break;
		}
		p += sz;
		count -= sz;
		done += sz;
		if (should_stop_iteration())
			break;
	}
	kfree(bounce);
	if (err)
		return err;
	*ppos += done;
	return done;
}

static ssize_t write_mem(struct file *file, struct iov_iter *from,
			 loff_t *ppos)
{
	phys_addr_t p = *ppos;
	size_t count = iov_iter_count(from);
	ssize_t written = 0;

	if (!valid_phys_addr_range(p, count))
		return -EFAULT;
	while (count) {
		size_t sz = size_inside_page(p, count), copied = sz;
		int allowed = devmem_is_allowed(p >> PAGE_SHIFT);
		void *ptr;

		/* unlike read, a refused page fails the whole call */
		if (allowed == DEVMEM_REFUSED)
			return -EPERM;
		if (allowed == DEVMEM_ALLOWED) {
			ptr = xlate_dev_mem_ptr(p);
			if (!ptr) {
				if (written)
					break;
				return -EFAULT;
			}
			copied = copy_from_iter(ptr, sz, from);
			unxlate_dev_mem_ptr(p, ptr);
			if (copied != sz) {
				written += copied;
				if (written)
					break;
				return -EFAULT;
			}
		} else {
			/* a zeroed page: the bytes are consumed, not written */
			iov_iter_advance(from, sz);
		}
		p += sz;
		count -= sz;
		written += sz;
		if (should_stop_iteration())
			break;
	}
	*ppos += written;
	return written;
}

/*
 * Linux's memory_lseek(): SEEK_SET and SEEK_CUR only; any position is
 * fine as an unsigned address except the last 4095, which the system
 * call could not tell from an error.
 */
static loff_t memory_lseek(struct file *file, loff_t offset, int orig)
{
	loff_t ret;

	spin_lock(&file->f_lock);
	switch (orig) {
	case SEEK_CUR:
		offset = (loff_t)((u64)offset + (u64)file->f_pos);
		if ((u64)offset >= -(u64)MAX_ERRNO) {
			ret = -EOVERFLOW;
			break;
		}
		file->f_pos = offset;
		ret = offset;
		break;
	case SEEK_SET:
		if ((u64)offset >= -(u64)MAX_ERRNO) {
			ret = -EOVERFLOW;
			break;
		}
		file->f_pos = offset;
		ret = offset;
		break;
	default:
		ret = -EINVAL;
	}
	spin_unlock(&file->f_lock);
	return ret;
}

/* Linux's range_is_allowed() under STRICT_DEVMEM: every page, or none */
static bool range_is_allowed(unsigned long pfn, unsigned long size)
{
	unsigned long i;

	for (i = 0; i < size >> PAGE_SHIFT; i++)
		if (devmem_is_allowed(pfn + i) == DEVMEM_REFUSED)
			return false;
	return true;
}

static const struct vm_operations_struct mmap_mem_ops = {
	.open = filemap_vma_open,
	.close = filemap_vma_close,
};

/*
 * Linux 6.1's mmap_mem(): the file offset is the physical address.  The
 * offset must fit a physical address and the range must not wrap
 * (-EINVAL); a refused page fails it (-EPERM); a failing
 * remap_pfn_range() (a conflicting reservation, a type
 * is_new_memtype_allowed() refuses, a frame past MAXPHYADDR) is -EAGAIN,
 * whatever its reason, as in Linux.
 */
static int mmap_mem(struct file *file, struct vm_area_struct *vma)
{
	unsigned long size = vma->vm_end - vma->vm_start;
	phys_addr_t offset = (phys_addr_t)vma->vm_pgoff << PAGE_SHIFT;

	if (offset >> PAGE_SHIFT != vma->vm_pgoff)
		return -EINVAL;
	if (offset + (phys_addr_t)size - 1 < offset)
		return -EINVAL;
	if (!range_is_allowed(vma->vm_pgoff, size))
		return -EPERM;
	if (!phys_mem_access_prot_allowed(file, vma->vm_pgoff, size,
					  &vma->vm_page_prot))
		return -EINVAL;
	vma->vm_ops = &mmap_mem_ops;
	if (remap_pfn_range(vma, vma->vm_start, vma->vm_pgoff, size,
			    vma->vm_page_prot))
		return -EAGAIN;
	return 0;
}

static int open_port(struct inode *inode, struct file *filp)
{
	return capable(CAP_SYS_RAWIO) ? 0 : -EPERM;
}

static ssize_t read_port(struct file *file, struct iov_iter *to,
			 loff_t *ppos)
{
	unsigned long i = *ppos;
	ssize_t done = 0;

	while (iov_iter_count(to) && i <= IO_SPACE_LIMIT) {
		u8 v = inb(i);

		if (copy_to_iter(&v, 1, to) != 1)
			return -EFAULT;
		i++;
		done++;
	}
	*ppos = i;
	return done;
}

static ssize_t write_port(struct file *file, struct iov_iter *from,
			  loff_t *ppos)
{
	unsigned long i = *ppos;
	ssize_t done = 0;
	u8 v;

	while (iov_iter_count(from) && i <= IO_SPACE_LIMIT) {
		if (copy_from_iter(&v, 1, from) != 1)
			return -EFAULT;
		outb(v, i);
		i++;
		done++;
	}
	*ppos = i;
	return done;
}

const struct file_operations mem_fops = {
	.llseek = memory_lseek,
	.read_iter = read_mem,
	.write_iter = write_mem,
	.mmap = mmap_mem,
	.open = open_port,		/* the same check, as in Linux */
};

const struct file_operations port_fops = {
	.llseek = memory_lseek,
	.read_iter = read_port,
	.write_iter = write_port,
	.open = open_port,
};
