// SPDX-License-Identifier: GPL-2.0
/*
 * mremap(): shrink a mapping, grow it in place when the room above it is
 * free, or (MREMAP_MAYMOVE) move it elsewhere with its pages, which keep
 * their data and their sharing: entries move, pages are not copied.
 * Linux's errors: -EINVAL for bad flags, a misaligned address or a zero
 * new length; -EFAULT when [addr, addr + old_len) is not inside one VMA
 * (or the VMA may not grow); -ENOMEM when it cannot grow in place and may
 * not move, or there is no room.  MREMAP_DONTUNMAP is not supported
 * (-EINVAL), nor is an old length of 0 (-EINVAL).
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/mman.h>
#include <asm/pgtable_txn.h>
#include <asm/pgtable_user.h>
#include "internal.h"

/* move the whole VMA @vma to @to, with its entries; 0 or -ENOMEM */
static int move_vma(struct vm_area_struct *vma, unsigned long to)
{
	struct mm_struct *mm = vma->vm_mm;
	unsigned long len = vma->vm_end - vma->vm_start, off;
	pteval_t *from, v;
	struct pt_txn t;
	int err;

	pt_txn_begin_mm(&t, mm);
	err = pt_txn_prealloc(&t, user_tables_for(to, len));
	for (off = 0; !err && off < len; off += PAGE_SIZE) {
		from = user_pte_lookup(mm, vma->vm_start + off);
		if (!from || user_pte_none(*from))
			continue;
		v = *from;
		pt_txn_write(&t, from, 0, vma->vm_start + off, PG_LEVEL_4K);
		pt_txn_write(&t, user_pte_alloc(&t, to + off), v, to + off,
			     PG_LEVEL_4K);
	}
	if (!err)
		user_free_empty_tables(&t, ALIGN_DOWN(vma->vm_start, PMD_SIZE),
				       min(ALIGN(vma->vm_end, PMD_SIZE),
					   USER_PT_END));
	pt_txn_commit(&t);
	if (err)
		return err;
	vma_unlink(mm, vma);
	vma->vm_start = to;
	vma->vm_end = to + len;
	vma_link(mm, vma);
	return 0;
}

static bool can_grow_in_place(struct vm_area_struct *vma, unsigned long end)
{
	struct vm_area_struct *next = vma_next(vma);

	return end <= vma->vm_mm->task_size &&
	       (!next || end <= vm_start_gap(next));
}

static unsigned long mremap_locked(struct mm_struct *mm, unsigned long addr,
				   unsigned long old_len,
				   unsigned long new_len, unsigned long flags,
				   unsigned long new_addr)
{
	struct vm_area_struct *vma;
	unsigned long to;
	int err;

	if ((flags & MREMAP_FIXED) && old_len && (new_addr < addr + old_len &&
						  addr < new_addr + new_len))
		return -EINVAL;
	if (old_len > new_len && !(flags & MREMAP_FIXED)) {
		err = __do_munmap(mm, addr + new_len, old_len - new_len);
		return err ? (unsigned long)err : addr;
	}
	vma = find_vma(mm, addr);
	if (!vma || vma->vm_start > addr || addr + old_len > vma->vm_end)
		return -EFAULT;
	if (new_len > old_len && (vma->vm_flags & VM_DONTEXPAND))
		return -EFAULT;
	if (!(flags & MREMAP_FIXED) && new_len == old_len)
		return addr;
	if (!(flags & MREMAP_FIXED) && addr + old_len == vma->vm_end &&
	    can_grow_in_place(vma, addr + new_len)) {
		mm->total_vm += (new_len - old_len) >> PAGE_SHIFT;
		vma->vm_end = addr + new_len;
		return addr;
	}
	if (!(flags & MREMAP_MAYMOVE))
		return -ENOMEM;
	if (flags & MREMAP_FIXED) {
		to = new_addr;
		err = __do_munmap(mm, to, new_len);
		if (err)
			return err;
	} else {
		to = get_unmapped_area(mm, 0, new_len, 0);
		if (IS_ERR_VALUE(to))
			return to;
	}
	/* the moving part becomes one VMA of its own */
	err = vma_isolate_range(mm, addr, addr + old_len);
	if (err)
		return err;
	vma = find_vma(mm, addr);
	err = move_vma(vma, to);
	if (err)
		return err;
	if (new_len > old_len) {
		vma->vm_end = to + new_len;
		mm->total_vm += (new_len - old_len) >> PAGE_SHIFT;
	} else if (new_len < old_len) {
		__do_munmap(mm, to + new_len, old_len - new_len);
	}
	return to;
}

/**
 * do_mremap() - mremap() in @mm
 * @mm: the space
 * @addr: the mapping's start, page aligned
 * @old_len: its length (rounded up)
 * @new_len: the length wanted (rounded up), not 0
 * @flags: MREMAP_MAYMOVE, MREMAP_FIXED (with MAYMOVE)
 * @new_addr: with MREMAP_FIXED, where it goes (replacing what is there)
 *
 * Returns the mapping's address, or an errno (IS_ERR_VALUE()).
 */
unsigned long do_mremap(struct mm_struct *mm, unsigned long addr,
			unsigned long old_len, unsigned long new_len,
			unsigned long flags, unsigned long new_addr)
{
	unsigned long ret;

	if (flags & ~(MREMAP_MAYMOVE | MREMAP_FIXED))
		return -EINVAL;
	if ((flags & MREMAP_FIXED) && !(flags & MREMAP_MAYMOVE))
		return -EINVAL;
	if (offset_in_page(addr) ||
	    ((flags & MREMAP_FIXED) && offset_in_page(new_addr)))
		return -EINVAL;
	old_len = PAGE_ALIGN(old_len);
	new_len = PAGE_ALIGN(new_len);
	if (!new_len || !old_len)
		return -EINVAL;
	/* no room can be found for more than the whole space (Linux) */
	if (new_len > mm->task_size)
		return -ENOMEM;
	if (addr > mm->task_size - old_len)
		return -EINVAL;
	mmap_write_lock(mm);
	ret = mremap_locked(mm, addr, old_len, new_len, flags, new_addr);
	mmap_write_unlock(mm);
	return ret;
}
