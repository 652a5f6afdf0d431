// SPDX-License-Identifier: GPL-2.0
/*
 * x86-64's mmap() entry: the byte offset must be page aligned, and a
 * mapping that is not MAP_ANONYMOUS needs an open file (-EBADF
 * otherwise), checked before anything else, as Linux 6.1 does.
 */
#include <linux/errno.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/sched.h>
#include <linux/syscalls.h>

SYSCALL_DEFINE6(mmap, unsigned long, addr, unsigned long, len,
		unsigned long, prot, unsigned long, flags,
		unsigned long, fd, unsigned long, off)
{
	struct file *file = NULL;
	unsigned long ret;

	if (offset_in_page(off))
		return -EINVAL;
	if (!(flags & MAP_ANONYMOUS)) {
		file = fget(fd);
		if (!file)
			return -EBADF;
	}
	ret = do_mmap(current->mm, file, addr, len, prot, flags,
		      off >> PAGE_SHIFT);
	if (file)
		fput(file);
	return ret;
}
