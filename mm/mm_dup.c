// SPDX-License-Identifier: GPL-2.0
/*
 * fork()'s copy of an address space.  Private pages are shared copy-on-
 * write: both spaces map them read-only and hold a reference each, and
 * the first write in either copies (memory.c).  Shared mappings share the
 * object behind them (vm_ops->open()); VM_DONTCOPY ones are left out.
 * Raw-frame mappings (VM_PFNMAP) keep their entries as they are in both,
 * and the child's VMAs share the parent's memtype reservation
 * (mm/pfnmap.c).
 *
 * All or nothing: the child's VMAs and every page table it can need (as
 * many as the parent has) are allocated first, so an -ENOMEM frees what
 * was taken and leaves the parent exactly as it was.  Only then are the
 * parent's entries write-protected, in a transaction on the parent that
 * invalidates the CPUs running it.
 */
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/sched/mm.h>
#include <asm/pgtable_txn.h>
#include <asm/pgtable_user.h>
#include "internal.h"

/*
 * A private page that either side may write: both get it read-only.  Raw
 * frames (VM_PFNMAP) are never copied on write: their entries are copied
 * as they are, cache bits and all, as Linux copies VM_PFNMAP tables.
 */
static bool is_cow(const struct vm_area_struct *vma)
{
	return (vma->vm_flags & (VM_SHARED | VM_MAYWRITE | VM_PFNMAP)) ==
	       VM_MAYWRITE;
}

/*
 * Copy @nr entries of one of @src's page tables, from @from (mapping
 * @va on), into the child's, linking its table at the first entry that
 * holds a page.
 */
static void copy_table(struct pt_txn *t, struct vm_area_struct *src,
		       const pteval_t *from, unsigned long va, unsigned int nr)
{
	bool cow = is_cow(src), pfnmap = src->vm_flags & VM_PFNMAP;
	pteval_t *to = NULL, v;
	unsigned long pfn;
	unsigned int i;

	for (i = 0; i < nr; i++) {
		v = READ_ONCE(from[i]);
		if (!user_pte_has_page(v))
			continue;
		if (cow)
			v &= ~_PAGE_RW;
		pfn = PHYS_PFN(v & PTE_PFN_MASK);
		if (!pfnmap && !is_zero_pfn(pfn)) {
			get_page(pfn_to_page(pfn));
			t->mm->rss++;
		}
		if (!to)
			to = user_pte_alloc(t, va);
		pt_txn_write(t, &to[i], v, va + i * PAGE_SIZE, PG_LEVEL_4K);
	}
}

/* copy @src's entries into the child, inside @t, a transaction on it */
static void copy_entries(struct pt_txn *t, struct vm_area_struct *src)
{
	unsigned long va, next;
	pteval_t *e;

	/* one walk per page table of each side: its entries are consecutive */
	for (va = src->vm_start; va < src->vm_end; va = next) {
		next = min(src->vm_end, ALIGN_DOWN(va, PMD_SIZE) + PMD_SIZE);
		e = user_pte_lookup(src->vm_mm, va);
		if (e)
			copy_table(t, src, e, va, (next - va) >> PAGE_SHIFT);
	}
}

/* the parent's side: its private writable entries become read-only */
static void write_protect(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	unsigned long va;
	struct pt_txn t;
	pteval_t *e;

	pt_txn_begin_mm(&t, mm);
	list_for_each_entry(vma, &mm->mmap, vm_list) {
		if (!is_cow(vma) || (vma->vm_flags & VM_DONTCOPY))
			continue;
		for (va = vma->vm_start; va < vma->vm_end; va += PAGE_SIZE) {
			e = user_pte_lookup(mm, va);
			if (!e) {
				va = ALIGN_DOWN(va, PMD_SIZE) + PMD_SIZE -
				     PAGE_SIZE;
				continue;
			}
			if (*e & _PAGE_RW)
				pt_txn_write(&t, e, *e & ~_PAGE_RW, va,
					     PG_LEVEL_4K);
		}
	}
	pt_txn_commit(&t);
}

/* the child's VMAs, copied; false when one cannot be allocated */
static bool copy_vmas(struct mm_struct *oldmm, struct mm_struct *mm)
{
	struct vm_area_struct *vma, *new;

	list_for_each_entry(vma, &oldmm->mmap, vm_list) {
		if (vma->vm_flags & VM_DONTCOPY)
			continue;
		new = vma_alloc();
		if (!new)
			return false;
		*new = *vma;
		pfnmap_vma_dup(new);
		vma_link(mm, new);
		if (new->vm_ops && new->vm_ops->open)
			new->vm_ops->open(new);
	}
	return true;
}

/**
 * dup_mm() - fork()'s copy of @oldmm
 * @oldmm: the parent's space
 *
 * Returns the child's space (one user), or NULL when out of memory, with
 * everything it took freed and @oldmm unchanged.
 */
struct mm_struct *dup_mm(struct mm_struct *oldmm)
{
	struct mm_struct *mm = mm_alloc();
	struct vm_area_struct *vma;
	struct pt_txn t;
	int err;

	if (!mm)
		return NULL;
	mmap_write_lock(oldmm);
	mm->mmap_base = oldmm->mmap_base;
	mm->task_size = oldmm->task_size;
	mm->stack_limit = oldmm->stack_limit;
	mm->start_code = oldmm->start_code;
	mm->end_code = oldmm->end_code;
	mm->start_data = oldmm->start_data;
	mm->end_data = oldmm->end_data;
	mm->start_brk = oldmm->start_brk;
	mm->brk = oldmm->brk;
	mm->start_stack = oldmm->start_stack;
	mm->arg_start = oldmm->arg_start;
	mm->arg_end = oldmm->arg_end;
	mm->env_start = oldmm->env_start;
	mm->env_end = oldmm->env_end;
	if (!copy_vmas(oldmm, mm))
		goto fail;
	pt_txn_begin_mm(&t, mm);
	err = pt_txn_prealloc(&t, oldmm->pgtables);
	if (!err)
		list_for_each_entry(vma, &oldmm->mmap, vm_list)
			if (!(vma->vm_flags & VM_DONTCOPY))
				copy_entries(&t, vma);
	pt_txn_commit(&t);
	if (err)
		goto fail;
	write_protect(oldmm);
	mmap_write_unlock(oldmm);
	return mm;

fail:
	mmap_write_unlock(oldmm);
	mmput(mm);
	return NULL;
}
