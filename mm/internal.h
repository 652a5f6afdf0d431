/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of mm/ share about user address spaces and nobody else
 * needs.  The caller of each holds mm->mmap_lock.
 */
#ifndef _MM_INTERNAL_H
#define _MM_INTERNAL_H

#include <linux/mm.h>
#include <linux/mm_types.h>
#include <asm/pgtable_txn.h>

/*
 * Pages unmapped inside a transaction, put only once no CPU can still
 * reach them through a stale TLB entry: when the batch is full the
 * transaction invalidates early (pt_txn_flush()), else after its commit.
 */
#define GATHER_PAGES	32

struct page_gather {
	struct pt_txn *t;
	unsigned int nr;
	struct page *pages[GATHER_PAGES];
};

void gather_init(struct page_gather *g, struct pt_txn *t);
void gather_page(struct page_gather *g, struct page *page);
/* after pt_txn_commit() */
void gather_finish(struct page_gather *g);

bool is_zero_pfn(unsigned long pfn);
/* clear the entries of [start, end) of @vma, gathering their pages */
void zap_range(struct page_gather *g, struct vm_area_struct *vma,
	       unsigned long start, unsigned long end);
/* rewrite the present entries of [start, end) with @vma's protection */
void change_protection(struct pt_txn *t, struct vm_area_struct *vma,
		       unsigned long start, unsigned long end);

struct vm_area_struct *vma_alloc(void);
void vma_free(struct vm_area_struct *vma);
void vma_free_list(struct list_head *list);
void vma_link(struct mm_struct *mm, struct vm_area_struct *vma);
void vma_unlink(struct mm_struct *mm, struct vm_area_struct *vma);
/* change vm_start of a linked VMA: re-keys the tree */
void vma_set_start(struct vm_area_struct *vma, unsigned long start);
/* @vma becomes [vm_start, addr); @new (from vma_alloc()) [addr, vm_end) */
void vma_split_at(struct vm_area_struct *vma, unsigned long addr,
		  struct vm_area_struct *new);
struct vm_area_struct *vma_next(struct vm_area_struct *vma);
struct vm_area_struct *vma_prev(struct vm_area_struct *vma);
/* the lowest address @vma may be approached to (its stack guard gap) */
unsigned long vm_start_gap(const struct vm_area_struct *vma);

/* tables that mapping [start, start + len) anywhere can take, at most */
static inline unsigned int user_tables_for(unsigned long start,
					   unsigned long len)
{
	unsigned long end = start + len, pgd_size = 1UL << PGDIR_SHIFT;

	return (ALIGN(end, PMD_SIZE) - ALIGN_DOWN(start, PMD_SIZE)) / PMD_SIZE +
	       (ALIGN(end, PUD_SIZE) - ALIGN_DOWN(start, PUD_SIZE)) / PUD_SIZE +
	       (ALIGN(end, pgd_size) - ALIGN_DOWN(start, pgd_size)) / pgd_size;
}

/*
 * The reservation a raw-frame VMA shares (mm/pfnmap.c): a copy of a VMA
 * takes a reference, a VMA freed drops its own.
 */
void pfnmap_vma_dup(struct vm_area_struct *vma);
void pfnmap_vma_release(struct vm_area_struct *vma);

bool range_mapped(struct mm_struct *mm, unsigned long start,
		  unsigned long end);
/* split VMAs so that [start, end) is whole VMAs; 0 or -ENOMEM, unchanged */
int vma_isolate_range(struct mm_struct *mm, unsigned long start,
		      unsigned long end);
int __do_munmap(struct mm_struct *mm, unsigned long start, unsigned long len);
unsigned long get_unmapped_area(struct mm_struct *mm, unsigned long addr,
				unsigned long len, unsigned long flags);
/* shared anonymous memory: a shared object behind vm_ops (shmem_anon.c) */
int shmem_anon_setup(struct vm_area_struct *vma);

#endif /* _MM_INTERNAL_H */
