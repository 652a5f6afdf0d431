// SPDX-License-Identifier: GPL-2.0
/*
 * mmap(), munmap(), brk() and stack growth of user address spaces, with
 * Linux's semantics and errno values.  New mappings are placed top-down
 * below mm->mmap_base, as Linux's default layout does, keeping a stack
 * VMA's guard gap free.
 *
 * All or nothing: what an operation allocates (VMAs, page tables) is
 * allocated before anything changes, so an -ENOMEM changes nothing.
 */
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/mman.h>
#include <linux/string.h>
#include <asm/pgtable_txn.h>
#include <asm/pgtable_user.h>
#include "internal.h"

static void unmap_unlinked(struct vm_area_struct *vma);

static bool range_free(struct mm_struct *mm, unsigned long addr,
		       unsigned long len)
{
	struct vm_area_struct *next = find_vma(mm, addr);

	return addr >= MMAP_MIN_ADDR && len <= mm->task_size &&
	       addr <= mm->task_size - len &&
	       (!next || addr + len <= vm_start_gap(next));
}

/* the highest gap of @len below mmap_base; O(VMAs) for now */
static unsigned long unmapped_area_topdown(struct mm_struct *mm,
					   unsigned long len)
{
	unsigned long high = mm->mmap_base, low;
	struct list_head *p;
	struct vm_area_struct *v;

	for (p = mm->mmap.prev; p != &mm->mmap; p = p->prev) {
		v = list_entry(p, struct vm_area_struct, vm_list);
		if (v->vm_start >= high)
			continue;
		low = v->vm_end;
		if (high >= low + len && high - len >= MMAP_MIN_ADDR)
			return high - len;
		high = min(high, vm_start_gap(v));
		if (high < len + MMAP_MIN_ADDR)
			return -ENOMEM;
	}
	if (high >= len + MMAP_MIN_ADDR)
		return high - len;
	return -ENOMEM;
}

/**
 * get_unmapped_area() - where a new mapping of @len bytes goes
 * @mm: the space; its lock held
 * @addr: the hint, or the address itself with MAP_FIXED
 * @len: page-aligned length
 * @flags: MAP_* flags
 *
 * The hint is taken when the range is free; else the highest free range
 * below mmap_base.  Returns the address or -ENOMEM.
 */
unsigned long get_unmapped_area(struct mm_struct *mm, unsigned long addr,
				unsigned long len, unsigned long flags)
{
	if (len > mm->task_size)
		return -ENOMEM;
	if (flags & MAP_FIXED)
		return addr;
	if (addr) {
		addr = PAGE_ALIGN(addr);
		if (range_free(mm, addr, len))
			return addr;
	}
	return unmapped_area_topdown(mm, len);
}

static unsigned long calc_vm_flags(unsigned long prot, unsigned long flags)
{
	unsigned long vm = VM_MAYREAD | VM_MAYWRITE | VM_MAYEXEC;

	if (prot & PROT_READ)
		vm |= VM_READ;
	if (prot & PROT_WRITE)
		vm |= VM_WRITE;
	if (prot & PROT_EXEC)
		vm |= VM_EXEC;
	if (flags & MAP_GROWSDOWN)
		vm |= VM_GROWSDOWN;
	if (flags & MAP_LOCKED)
		vm |= VM_LOCKED;
	if (flags & MAP_NORESERVE)
		vm |= VM_NORESERVE;
	if ((flags & MAP_TYPE) != MAP_PRIVATE)
		vm |= VM_SHARED | VM_MAYSHARE;
	return vm;
}

/* can @prev be extended over a new anonymous private [prev end, ...)? */
static bool anon_can_extend(struct vm_area_struct *prev, unsigned long addr,
			    unsigned long vm_flags)
{
	return prev && prev->vm_end == addr && prev->vm_flags == vm_flags &&
	       !prev->vm_file && !prev->vm_ops && !(vm_flags & VM_SHARED) &&
	       !(vm_flags & VM_GROWSDOWN);
}

/* a new VMA for [addr, addr + len), into @vma (preallocated) */
static void map_anon(struct mm_struct *mm, struct vm_area_struct *vma,
		     unsigned long addr, unsigned long len,
		     unsigned long vm_flags)
{
	struct vm_area_struct *next = find_vma(mm, addr), *prev;

	prev = next ? vma_prev(next) :
	       (list_empty(&mm->mmap) ? NULL :
		list_entry(mm->mmap.prev, struct vm_area_struct, vm_list));
	if (anon_can_extend(prev, addr, vm_flags)) {
		prev->vm_end = addr + len;
		mm->total_vm += len >> PAGE_SHIFT;
		vma_free(vma);
		return;
	}
	vma->vm_start = addr;
	vma->vm_end = addr + len;
	vma->vm_flags = vm_flags;
	vma->vm_page_prot = vm_get_page_prot(vm_flags);
	/* Linux's anonymous vm_pgoff: the address in pages */
	vma->vm_pgoff = addr >> PAGE_SHIFT;
	vma_link(mm, vma);
}

static void populate(struct mm_struct *mm, unsigned long addr,
		     unsigned long len)
{
	struct vm_area_struct *vma = find_vma(mm, addr);
	unsigned long va;
	unsigned int flags;

	if (!vma)
		return;
	flags = (vma->vm_flags & (VM_WRITE | VM_SHARED)) == VM_WRITE ?
		FAULT_FLAG_WRITE : 0;
	/* like Linux's mm_populate(), failures are not reported */
	for (va = addr; va < addr + len; va += PAGE_SIZE)
		if (handle_mm_fault(vma, va, flags) & VM_FAULT_ERROR)
			break;
}

static unsigned long mmap_locked(struct mm_struct *mm, struct file *file,
				 unsigned long addr, unsigned long len,
				 unsigned long flags, unsigned long vm_flags,
				 unsigned long pgoff)
{
	struct vm_area_struct *vma;
	int err;

	if (mm->map_count >= DEFAULT_MAX_MAP_COUNT)
		return -ENOMEM;
	addr = get_unmapped_area(mm, addr, len, flags);
	if (IS_ERR_VALUE(addr))
		return addr;
	if ((flags & MAP_FIXED) && addr < MMAP_MIN_ADDR)
		return -EPERM;
	if ((flags & MAP_FIXED) && (len > mm->task_size ||
				    addr > mm->task_size - len))
		return -ENOMEM;
	if ((flags & MAP_FIXED_NOREPLACE) &&
	    find_vma_intersection(mm, addr, addr + len))
		return -EEXIST;
	/* the file's checks come after the placement's, as in Linux */
	if (file) {
		err = mmap_file_vm_flags(file, flags, pgoff, len, &vm_flags);
		if (err)
			return err;
	}
	vma = vma_alloc();
	if (!vma)
		return -ENOMEM;
	/*
	 * As Linux: the old mapping goes before the file's ->mmap(), which
	 * may map frames at once (remap_pfn_range()).  So a failing ->mmap()
	 * leaves the range unmapped, as in Linux.
	 */
	if (flags & MAP_FIXED) {
		err = __do_munmap(mm, addr, len);
		if (err) {
			vma_free(vma);
			return err;
		}
	}
	if (file || (vm_flags & VM_SHARED)) {
		vma->vm_start = addr;
		vma->vm_end = addr + len;
		vma->vm_flags = vm_flags;
		vma->vm_page_prot = vm_get_page_prot(vm_flags);
		vma->vm_pgoff = pgoff;
		vma->vm_file = file;
		vma->vm_mm = mm;
		err = file ? call_mmap(file, vma) : shmem_anon_setup(vma);
		if (err) {
			unmap_unlinked(vma);
			return err;
		}
	}
	if (file || (vm_flags & VM_SHARED))
		vma_link(mm, vma);
	else
		map_anon(mm, vma, addr, len, vm_flags);
	return addr;
}

/**
 * do_mmap() - map @len bytes of @file (NULL: anonymous memory) into @mm
 * @mm: the space
 * @file: the file (mm/filemap.c checks it and calls its ->mmap()), or NULL
 * @addr: hint, or the address with MAP_FIXED / MAP_FIXED_NOREPLACE
 * @len: bytes, rounded up to pages
 * @prot: PROT_*
 * @flags: MAP_SHARED, MAP_PRIVATE, MAP_SHARED_VALIDATE, MAP_FIXED,
 *	MAP_FIXED_NOREPLACE, MAP_ANONYMOUS, MAP_GROWSDOWN, MAP_NORESERVE,
 *	MAP_POPULATE, ...
 * @pgoff: offset in the file, in pages
 *
 * Linux's errors: -EINVAL for a zero length, a misaligned MAP_FIXED
 * address or no mapping type; -ENOMEM for no room or too many mappings;
 * -EEXIST for MAP_FIXED_NOREPLACE over a mapping; -EPERM below
 * mmap_min_addr; -EOVERFLOW when the file offset wraps; -EOPNOTSUPP for
 * unknown flags with MAP_SHARED_VALIDATE; the file's errors of
 * mmap_file_vm_flags() (-EACCES, -ENODEV, ...).  Returns the address.
 */
unsigned long do_mmap(struct mm_struct *mm, struct file *file,
		      unsigned long addr, unsigned long len,
		      unsigned long prot, unsigned long flags,
		      unsigned long pgoff)
{
	const unsigned long known = MAP_TYPE | MAP_FIXED | MAP_ANONYMOUS |
		MAP_GROWSDOWN | MAP_DENYWRITE | MAP_EXECUTABLE | MAP_LOCKED |
		MAP_NORESERVE | MAP_POPULATE | MAP_NONBLOCK | MAP_STACK |
		MAP_HUGETLB | MAP_SYNC | MAP_FIXED_NOREPLACE;
	unsigned long vm_flags, ret;

	if (!len)
		return -EINVAL;
	if (len > mm->task_size)
		return -ENOMEM;
	len = PAGE_ALIGN(len);
	if (pgoff + (len >> PAGE_SHIFT) < pgoff)
		return -EOVERFLOW;
	if (flags & MAP_FIXED_NOREPLACE)
		flags |= MAP_FIXED;
	if ((flags & MAP_FIXED) && offset_in_page(addr))
		return -EINVAL;
	switch (flags & MAP_TYPE) {
	case MAP_SHARED_VALIDATE:
		if (flags & ~known)
			return -EOPNOTSUPP;
		break;
	case MAP_SHARED:
	case MAP_PRIVATE:
		break;
	default:
		return -EINVAL;
	}
	if (!file && (flags & MAP_ANONYMOUS) == 0)
		return -EBADF;
	if (flags & MAP_HUGETLB)
		return -EINVAL;	/* no huge pages */
	vm_flags = calc_vm_flags(prot, flags);
	mmap_write_lock(mm);
	ret = mmap_locked(mm, file, addr, len, flags, vm_flags, pgoff);
	if (!IS_ERR_VALUE(ret) && (flags & MAP_POPULATE) &&
	    !(flags & MAP_NONBLOCK))
		populate(mm, ret, len);
	mmap_write_unlock(mm);
	return ret;
}

/* unmap and free the VMAs of [start, end), which no VMA straddles */
static void unmap_vmas(struct mm_struct *mm, unsigned long start,
		       unsigned long end)
{
	struct vm_area_struct *vma = find_vma(mm, start), *next;
	struct page_gather g;
	struct pt_txn t;
	LIST_HEAD(gone);

	pt_txn_begin_mm(&t, mm);
	gather_init(&g, &t);
	while (vma && vma->vm_start < end) {
		next = vma_next(vma);
		zap_range(&g, vma, vma->vm_start, vma->vm_end);
		vma_unlink(mm, vma);
		if (vma->vm_ops && vma->vm_ops->close)
			vma->vm_ops->close(vma);
		list_add_tail(&vma->vm_list, &gone);
		vma = next;
	}
	/* only empty tables go: those shared with a neighbour stay */
	user_free_empty_tables(&t, ALIGN_DOWN(start, PMD_SIZE),
			       min(ALIGN(end, PMD_SIZE), USER_PT_END));
	pt_txn_commit(&t);
	gather_finish(&g);
	vma_free_list(&gone);
}

/*
 * Free a ->mmap() that failed: the frames it may have mapped
 * (remap_pfn_range() before its error) go, then the VMA with its
 * reservation.
 */
static void unmap_unlinked(struct vm_area_struct *vma)
{
	struct page_gather g;
	struct pt_txn t;

	if (vma->vm_flags & VM_PFNMAP) {
		pt_txn_begin_mm(&t, vma->vm_mm);
		gather_init(&g, &t);
		zap_range(&g, vma, vma->vm_start, vma->vm_end);
		user_free_empty_tables(&t, ALIGN_DOWN(vma->vm_start, PMD_SIZE),
				       min(ALIGN(vma->vm_end, PMD_SIZE),
					   USER_PT_END));
		pt_txn_commit(&t);
		gather_finish(&g);
	}
	vma_free(vma);
}

/* do_munmap() with the lock held */
int __do_munmap(struct mm_struct *mm, unsigned long start, unsigned long len)
{
	struct vm_area_struct *first, *last, *spare[2] = { NULL, NULL };
	unsigned long end;
	int nr = 0;

	if (offset_in_page(start) || start >= mm->task_size ||
	    len > mm->task_size - start)
		return -EINVAL;
	len = PAGE_ALIGN(len);
	if (!len)
		return -EINVAL;
	end = start + len;
	first = find_vma(mm, start);
	if (!first || first->vm_start >= end)
		return 0;
	last = find_vma(mm, end - 1);
	if (first->vm_start < start)
		nr++;
	if (last && last->vm_start < end && last->vm_end > end)
		nr++;
	if (nr && mm->map_count + nr > DEFAULT_MAX_MAP_COUNT)
		return -ENOMEM;
	/* both splits' VMAs first: a failure leaves everything mapped */
	while (nr--) {
		spare[nr] = vma_alloc();
		if (!spare[nr]) {
			vma_free(spare[0]);
			vma_free(spare[1]);
			return -ENOMEM;
		}
	}
	if (first->vm_start < start) {
		vma_split_at(first, start, spare[0]);
		spare[0] = NULL;
	}
	last = find_vma(mm, end - 1);
	if (last && last->vm_start < end && last->vm_end > end) {
		vma_split_at(last, end, spare[1] ? spare[1] : spare[0]);
	}
	unmap_vmas(mm, start, end);
	return 0;
}

/**
 * do_munmap() - unmap [start, start + len) of @mm
 * @mm: the space
 * @start: page aligned, else -EINVAL
 * @len: bytes, rounded up; 0 gives -EINVAL
 *
 * VMAs partly inside are split (-ENOMEM, with nothing changed, when a
 * split cannot be allocated); unmapping nothing is not an error.  The
 * pages and the emptied tables are freed after the invalidation.
 */
int do_munmap(struct mm_struct *mm, unsigned long start, unsigned long len)
{
	int err;

	mmap_write_lock(mm);
	err = __do_munmap(mm, start, len);
	mmap_write_unlock(mm);
	return err;
}

/**
 * expand_stack() - grow the VM_GROWSDOWN @vma down to cover @address
 * @vma: a stack VMA above @address; its mm's lock held
 * @address: the faulting address
 *
 * Refused (-ENOMEM) beyond mm->stack_limit, or into the guard gap above
 * the mapping below (Linux's stack_guard_gap).  Returns 0 or an errno.
 */
int expand_stack(struct vm_area_struct *vma, unsigned long address)
{
	struct mm_struct *mm = vma->vm_mm;
	struct vm_area_struct *prev = vma_prev(vma);
	unsigned long start = address & PAGE_MASK;

	if (!(vma->vm_flags & VM_GROWSDOWN))
		return -EFAULT;
	if (start >= vma->vm_start)
		return 0;
	if (start < MMAP_MIN_ADDR || vma->vm_end - start > mm->stack_limit)
		return -ENOMEM;
	if (prev && (prev->vm_end > start ||
		     start - prev->vm_end < STACK_GUARD_GAP))
		return -ENOMEM;
	vma->vm_pgoff -= (vma->vm_start - start) >> PAGE_SHIFT;
	vma_set_start(vma, start);
	return 0;
}

/**
 * vm_brk_flags() - map anonymous memory at [addr, addr + len), replacing
 * @mm: the space
 * @addr: page aligned
 * @len: bytes, rounded up
 * @flags: 0 or VM_EXEC
 *
 * What exec uses for bss and brk() for the heap: private, read-write.
 * Returns 0 or an errno.
 */
int vm_brk_flags(struct mm_struct *mm, unsigned long addr, unsigned long len,
		 unsigned long flags)
{
	unsigned long prot = PROT_READ | PROT_WRITE;
	unsigned long ret;

	if (flags & ~VM_EXEC)
		return -EINVAL;
	if (flags & VM_EXEC)
		prot |= PROT_EXEC;
	if (!len)
		return 0;
	ret = do_mmap(mm, NULL, addr, len, prot,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, 0);
	return IS_ERR_VALUE(ret) ? (int)ret : 0;
}

/**
 * do_brk() - brk(): move the end of the heap to @brk
 * @mm: the space
 * @brk: the new end; 0 or below start_brk asks for the current one
 *
 * Linux's semantics: returns the new break, or the old one when the
 * move is refused (it would reach the next mapping or its guard gap, or
 * memory ran out).  Shrinking unmaps whole pages above the new break.
 */
unsigned long do_brk(struct mm_struct *mm, unsigned long brk)
{
	unsigned long newbrk = PAGE_ALIGN(brk), oldbrk, ret;
	struct vm_area_struct *next;

	mmap_write_lock(mm);
	oldbrk = PAGE_ALIGN(mm->brk);
	if (brk < mm->start_brk || brk > mm->task_size)
		goto out;
	if (newbrk == oldbrk) {
		mm->brk = brk;
		goto out;
	}
	if (brk <= mm->brk) {
		if (!__do_munmap(mm, newbrk, oldbrk - newbrk))
			mm->brk = brk;
		goto out;
	}
	next = find_vma(mm, oldbrk);
	if (next && newbrk > vm_start_gap(next))
		goto out;
	ret = mmap_locked(mm, NULL, oldbrk, newbrk - oldbrk,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
			  calc_vm_flags(PROT_READ | PROT_WRITE, MAP_PRIVATE),
			  0);
	if (!IS_ERR_VALUE(ret))
		mm->brk = brk;
out:
	ret = mm->brk;
	mmap_write_unlock(mm);
	return ret;
}
