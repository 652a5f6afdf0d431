// SPDX-License-Identifier: GPL-2.0
/*
 * mprotect(): change the protection of a range, splitting VMAs at its
 * ends.  Linux's errors: -EINVAL for a misaligned start or unknown bits,
 * -ENOMEM when part of the range is not mapped, -EACCES when a mapping
 * may not get the access asked for (no VM_MAYWRITE, ...).  Unlike Linux,
 * which may change the VMAs before a hole and then fail, nothing changes
 * on any error: the range is checked whole first.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/mman.h>
#include <asm/pgtable_txn.h>
#include "internal.h"

static unsigned long prot_to_vm(unsigned long prot)
{
	return (prot & PROT_READ ? VM_READ : 0) |
	       (prot & PROT_WRITE ? VM_WRITE : 0) |
	       (prot & PROT_EXEC ? VM_EXEC : 0);
}

/* is [start, end) mapped without a hole, each VMA allowing @vm? */
static int check_range(struct mm_struct *mm, unsigned long start,
		       unsigned long end, unsigned long vm)
{
	struct vm_area_struct *vma = find_vma(mm, start);
	unsigned long at = start;

	for (; vma && vma->vm_start <= at && at < end; vma = vma_next(vma)) {
		/* the MAY bits are the access bits shifted by four */
		if ((vm << 4) & ~vma->vm_flags & (VM_MAYREAD | VM_MAYWRITE |
						  VM_MAYEXEC))
			return -EACCES;
		at = vma->vm_end;
	}
	return at >= end ? 0 : -ENOMEM;
}

/* split the VMAs straddling @start and @end; 0 or -ENOMEM, nothing done */
static int isolate_range(struct mm_struct *mm, unsigned long start,
			 unsigned long end)
{
	struct vm_area_struct *first = find_vma(mm, start);
	struct vm_area_struct *last = find_vma(mm, end - 1);
	struct vm_area_struct *spare[2] = { NULL, NULL };
	bool cut_first = first->vm_start < start;
	bool cut_last = last->vm_end > end;

	if (mm->map_count + cut_first + cut_last > DEFAULT_MAX_MAP_COUNT)
		return -ENOMEM;
	if (cut_first)
		spare[0] = vma_alloc();
	if (cut_last)
		spare[1] = vma_alloc();
	if ((cut_first && !spare[0]) || (cut_last && !spare[1])) {
		vma_free(spare[0]);
		vma_free(spare[1]);
		return -ENOMEM;
	}
	if (cut_first)
		vma_split_at(first, start, spare[0]);
	last = find_vma(mm, end - 1);
	if (cut_last)
		vma_split_at(last, end, spare[1]);
	return 0;
}

/* mm/mremap.c shares the isolation: [start, end) becomes whole VMAs */
int vma_isolate_range(struct mm_struct *mm, unsigned long start,
		      unsigned long end)
{
	return isolate_range(mm, start, end);
}

/**
 * do_mprotect() - mprotect() of [start, start + len) in @mm
 * @mm: the space
 * @start: page aligned
 * @len: bytes, rounded up; 0 changes nothing
 * @prot: PROT_READ, PROT_WRITE, PROT_EXEC, PROT_NONE
 *
 * Entries lose rights at once (invalidated on the CPUs running @mm);
 * they gain them on their next fault.  Returns 0 or an errno.
 */
int do_mprotect(struct mm_struct *mm, unsigned long start, unsigned long len,
		unsigned long prot)
{
	unsigned long end, vm = prot_to_vm(prot);
	struct vm_area_struct *vma;
	struct pt_txn t;
	int err;

	if (offset_in_page(start))
		return -EINVAL;
	if (prot & ~(PROT_READ | PROT_WRITE | PROT_EXEC))
		return -EINVAL;
	if (!len)
		return 0;
	len = PAGE_ALIGN(len);
	end = start + len;
	if (end <= start || end > mm->task_size)
		return -ENOMEM;
	mmap_write_lock(mm);
	err = check_range(mm, start, end, vm);
	if (!err)
		err = isolate_range(mm, start, end);
	if (err)
		goto out;
	pt_txn_begin_mm(&t, mm);
	for (vma = find_vma(mm, start); vma && vma->vm_start < end;
	     vma = vma_next(vma)) {
		vma->vm_flags = (vma->vm_flags & ~VM_ACCESS_FLAGS) | vm;
		vma->vm_page_prot = vm_pgprot_modify(vma->vm_page_prot,
						     vma->vm_flags);
		change_protection(&t, vma, vma->vm_start, vma->vm_end);
	}
	pt_txn_commit(&t);
out:
	mmap_write_unlock(mm);
	return err;
}
