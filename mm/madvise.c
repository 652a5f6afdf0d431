// SPDX-License-Identifier: GPL-2.0
/*
 * madvise().  MADV_DONTNEED drops the pages of a range and keeps the
 * mapping, with Linux's semantics: private anonymous memory reads back
 * as zeros afterwards, shared memory refaults its object's data.  The
 * hints that only tune readahead or paging (MADV_COLD and MADV_PAGEOUT
 * too: nothing is ever paged out) are accepted and do nothing.
 *
 * Raw-frame mappings (VM_PFNMAP) refuse with -EINVAL every advice Linux
 * refuses on them: those that drop, reclaim, wipe or populate pages.
 * MADV_FREE, MADV_WIPEONFORK, MADV_POPULATE_* and MADV_DONTNEED_LOCKED
 * are not implemented otherwise (-EINVAL on any mapping).
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

/* advice Linux refuses on raw frames, and the VMA flags it refuses on */
static unsigned long refused_on(int behavior)
{
	switch (behavior) {
	case MADV_DONTNEED:
	case MADV_COLD:
	case MADV_PAGEOUT:
		return VM_LOCKED | VM_PFNMAP;
	case MADV_DONTNEED_LOCKED:
	case MADV_FREE:
	case MADV_WIPEONFORK:
	case MADV_POPULATE_READ:
	case MADV_POPULATE_WRITE:
		return VM_PFNMAP;
	}
	return 0;
}

/* does a VMA in [start, end) carry a flag @behavior is refused on? */
static bool advice_refused(struct mm_struct *mm, unsigned long start,
			   unsigned long end, int behavior)
{
	unsigned long refused = refused_on(behavior);
	struct vm_area_struct *vma = find_vma(mm, start);

	for (; refused && vma && vma->vm_start < end; vma = vma_next(vma))
		if (vma->vm_flags & refused)
			return true;
	return false;
}

/* advice cachet knows: implemented, or only refused on raw frames */
static bool advice_known(int behavior)
{
	return behavior == MADV_NORMAL || behavior == MADV_RANDOM ||
	       behavior == MADV_SEQUENTIAL || behavior == MADV_WILLNEED ||
	       refused_on(behavior);
}

/* implemented beyond the raw-frame refusal */
static bool advice_implemented(int behavior)
{
	return behavior != MADV_DONTNEED_LOCKED && behavior != MADV_FREE &&
	       behavior != MADV_WIPEONFORK &&
	       behavior != MADV_POPULATE_READ &&
	       behavior != MADV_POPULATE_WRITE;
}

/**
 * do_madvise() - madvise(@start, @len, @behavior) in @mm
 * @mm: the space
 * @start: page aligned, else -EINVAL
 * @len: bytes, rounded up
 * @behavior: MADV_*; unknown ones give -EINVAL
 *
 * -ENOMEM when part of the range is not mapped (the mapped parts are
 * still done), -EINVAL for MADV_DONTNEED, MADV_COLD and MADV_PAGEOUT on
 * locked memory and for the advice refused_on() lists on raw frames
 * (nothing is done then), -EINVAL for advice not implemented.
 */
int do_madvise(struct mm_struct *mm, unsigned long start, size_t len,
	       int behavior)
{
	unsigned long end;
	int err;

	if (offset_in_page(start))
		return -EINVAL;
	if (!advice_known(behavior))
		return -EINVAL;
	len = PAGE_ALIGN(len);
	end = start + len;
	if (end < start)
		return -EINVAL;
	if (end == start)
		return 0;
	mmap_write_lock(mm);
	if (advice_refused(mm, start, end, behavior) ||
	    !advice_implemented(behavior)) {
		err = -EINVAL;
	} else if (behavior == MADV_DONTNEED) {
		err = dontneed(mm, start, end);
	} else {
		err = range_mapped(mm, start, end) ? 0 : -ENOMEM;
	}
	mmap_write_unlock(mm);
	return err;
}
