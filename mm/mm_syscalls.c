// SPDX-License-Identifier: GPL-2.0
/*
 * The memory system calls on the calling process's space: thin entries
 * into do_munmap() & co, which hold Linux's checks and errno values.
 *
 * msync() has nothing to write back (every object lives in RAM) and
 * mlock() nothing to pin (nothing is ever paged out): both check their
 * arguments and the range as Linux does and then succeed.  mlock() is
 * bound by RLIMIT_MEMLOCK (-ENOMEM) unless the caller has CAP_IPC_LOCK.
 */
#include <linux/cred.h>
#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/mman.h>
#include <linux/resource.h>
#include <linux/sched.h>
#include <linux/syscalls.h>
#include "internal.h"

SYSCALL_DEFINE2(munmap, unsigned long, addr, size_t, len)
{
	return do_munmap(current->mm, addr, len);
}

SYSCALL_DEFINE3(mprotect, unsigned long, start, size_t, len,
		unsigned long, prot)
{
	return do_mprotect(current->mm, start, len, prot);
}

SYSCALL_DEFINE5(mremap, unsigned long, addr, unsigned long, old_len,
		unsigned long, new_len, unsigned long, flags,
		unsigned long, new_addr)
{
	return do_mremap(current->mm, addr, old_len, new_len, flags, new_addr);
}

SYSCALL_DEFINE3(madvise, unsigned long, start, size_t, len, int, behavior)
{
	return do_madvise(current->mm, start, len, behavior);
}

SYSCALL_DEFINE1(brk, unsigned long, brk)
{
	return do_brk(current->mm, brk);
}

/* 0 when [start, start + len) is mapped without a hole, else -ENOMEM */
static int range_present(struct mm_struct *mm, unsigned long start,
			 unsigned long len)
{
	bool ok;

	mmap_write_lock(mm);
	ok = range_mapped(mm, start, start + len);
	mmap_write_unlock(mm);
	return ok ? 0 : -ENOMEM;
}

SYSCALL_DEFINE3(msync, unsigned long, start, size_t, len, int, flags)
{
	if (flags & ~(MS_ASYNC | MS_INVALIDATE | MS_SYNC))
		return -EINVAL;
	if (offset_in_page(start))
		return -EINVAL;
	if ((flags & MS_ASYNC) && (flags & MS_SYNC))
		return -EINVAL;
	len = PAGE_ALIGN(len);
	if (start + len < start)
		return -ENOMEM;
	if (!len)
		return 0;
	return range_present(current->mm, start, len);
}

/* mlock()'s range: page-aligned around [start, start + len) */
static int lock_range(unsigned long start, size_t len)
{
	unsigned long end = PAGE_ALIGN(start + len);

	start &= PAGE_MASK;
	if (end < start)
		return -EINVAL;
	if (end == start)
		return 0;
	if (end - start > current->rlim[RLIMIT_MEMLOCK].rlim_cur &&
	    !capable(CAP_IPC_LOCK))
		return -ENOMEM;
	return range_present(current->mm, start, end - start);
}

SYSCALL_DEFINE2(mlock, unsigned long, start, size_t, len)
{
	return lock_range(start, len);
}

SYSCALL_DEFINE2(munlock, unsigned long, start, size_t, len)
{
	unsigned long end = PAGE_ALIGN(start + len);

	start &= PAGE_MASK;
	if (end <= start)
		return end < start ? -EINVAL : 0;
	return range_present(current->mm, start, end - start);
}
