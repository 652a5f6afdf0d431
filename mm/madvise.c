// SPDX-License-Identifier: GPL-2.0
/*
 * madvise().  MADV_DONTNEED drops the pages of a range and keeps the
 * mapping, with Linux's semantics: private anonymous memory reads back
 * as zeros afterwards, shared memory refaults its object's data.  The
 * hints that only tune readahead or paging are accepted and do nothing.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/mman.h>
#include <asm/pgtable_txn.h>
#include "internal.h"

static int dontneed(struct mm_struct *mm, unsigned long start,
		    unsigned long end)
{
	struct vm_area_struct *vma = find_vma(mm, start);
	struct page_gather g;
	unsigned long at = start;
	struct pt_txn t;
	int err = 0;

	for (; vma && vma->vm_start < end; vma = vma_next(vma))
		if (vma->vm_flags & (VM_LOCKED | VM_PFNMAP))
			return -EINVAL;
	pt_txn_begin_mm(&t, mm);
	gather_init(&g, &t);
	for (vma = find_vma(mm, start); vma && vma->vm_start < end;
	     vma = vma_next(vma)) {
		if (vma->vm_start > at)
			err = -ENOMEM;	/* a hole: Linux goes on, then says so */
		zap_range(&g, vma, max(start, vma->vm_start),
			  min(end, vma->vm_end));
		at = vma->vm_end;
	}
	pt_txn_commit(&t);
	gather_finish(&g);
	return at < end ? -ENOMEM : err;
}

/**
 * do_madvise() - madvise(@start, @len, @behavior) in @mm
 * @mm: the space
 * @start: page aligned, else -EINVAL
 * @len: bytes, rounded up
 * @behavior: MADV_*; unknown ones give -EINVAL
 *
 * -ENOMEM when part of the range is not mapped (the mapped parts are
 * still done), -EINVAL for MADV_DONTNEED on locked or raw-frame memory.
 */
int do_madvise(struct mm_struct *mm, unsigned long start, size_t len,
	       int behavior)
{
	unsigned long end;
	int err;

	if (offset_in_page(start))
		return -EINVAL;
	switch (behavior) {
	case MADV_NORMAL:
	case MADV_RANDOM:
	case MADV_SEQUENTIAL:
	case MADV_WILLNEED:
	case MADV_DONTNEED:
		break;
	default:
		return -EINVAL;
	}
	len = PAGE_ALIGN(len);
	end = start + len;
	if (end < start)
		return -EINVAL;
	if (end == start)
		return 0;
	mmap_write_lock(mm);
	if (behavior == MADV_DONTNEED) {
		err = dontneed(mm, start, end);
	} else {
		err = range_mapped(mm, start, end) ? 0 : -ENOMEM;
	}
	mmap_write_unlock(mm);
	return err;
}
