// SPDX-License-Identifier: GPL-2.0
/*
 * Page faults of user address spaces, and unmapping.
 *
 * Anonymous private memory is filled on demand: a read of an untouched
 * page maps the shared zero page read-only, a write maps a zeroed page of
 * its own.  A private page mapped read-only while writable VMAs hold it
 * (after fork(), or the zero page) is copied on the first write, unless
 * this space holds the last reference, which then writes in place.
 * Pages of shared and file mappings come from vm_ops->fault().  Raw
 * frames (VM_PFNMAP, mm/pfnmap.c) hold no struct page reference, are
 * never copied on write, and come from remap_pfn_range() at mmap time or
 * from a fault handler that inserts them (vmf_insert_pfn()).
 *
 * Every entry changes inside a page-table transaction on the space, so
 * the CPUs that run it are invalidated, and a page whose entry went is
 * put only after that (struct page_gather).
 */
#include <linux/bug.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/string.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/pgtable_txn.h>
#include <asm/pgtable_user.h>
#include "internal.h"

/* Linux's empty_zero_page: every untouched anonymous page, read-only */
static u8 empty_zero_page[PAGE_SIZE] __aligned(PAGE_SIZE);

static phys_addr_t zero_page_phys(void)
{
	return __pa_symbol(empty_zero_page);
}

bool is_zero_pfn(unsigned long pfn)
{
	return pfn == PHYS_PFN(zero_page_phys());
}

void gather_init(struct page_gather *g, struct pt_txn *t)
{
	g->t = t;
	g->nr = 0;
}

static void gather_put_all(struct page_gather *g)
{
	while (g->nr)
		put_page(g->pages[--g->nr]);
}

void gather_page(struct page_gather *g, struct page *page)
{
	if (g->nr == GATHER_PAGES) {
		pt_txn_flush(g->t);
		gather_put_all(g);
	}
	g->pages[g->nr++] = page;
}

void gather_finish(struct page_gather *g)
{
	gather_put_all(g);
}

/* the struct page an entry holds, or NULL for the zero page and raw frames */
static struct page *user_pte_page(struct vm_area_struct *vma, pteval_t v)
{
	unsigned long pfn = PHYS_PFN(v & PTE_PFN_MASK);

	if (!user_pte_has_page(v) || is_zero_pfn(pfn) ||
	    (vma->vm_flags & VM_PFNMAP))
		return NULL;
	return pfn_to_page(pfn);
}

/**
 * zap_range() - unmap [start, end) of @vma
 * @g: the gather of a transaction on the space
 * @vma: the VMA holding the range
 * @start: page aligned
 * @end: page aligned, at most vma->vm_end
 */
void zap_range(struct page_gather *g, struct vm_area_struct *vma,
	       unsigned long start, unsigned long end)
{
	struct mm_struct *mm = vma->vm_mm;
	unsigned long va = start, next;
	struct page *page;
	pteval_t *e;

	/* one walk per page table: its entries are consecutive */
	while (va < end) {
		next = min(end, ALIGN_DOWN(va, PMD_SIZE) + PMD_SIZE);
		e = user_pte_lookup(mm, va);
		if (!e) {
			va = next;	/* no table: nothing mapped here */
			continue;
		}
		/* raw frames hold no page to put: clear them as one run */
		if (vma->vm_flags & VM_PFNMAP) {
			pt_txn_write_run(g->t, e, (next - va) >> PAGE_SHIFT,
					 0, va);
			va = next;
			continue;
		}
		for (; va < next; va += PAGE_SIZE, e++) {
			if (user_pte_none(*e))
				continue;
			page = user_pte_page(vma, *e);
			pt_txn_write(g->t, e, 0, va, PG_LEVEL_4K);
			if (page) {
				mm->rss--;
				gather_page(g, page);
			}
		}
	}
}

/**
 * change_protection() - give the pages of [start, end) @vma's protection
 * @t: a transaction on the space
 * @vma: the VMA, its vm_page_prot already new
 * @start: page aligned
 * @end: page aligned
 *
 * A page stays writable only where it was and the VMA still allows it;
 * others become writable on their next write fault.  Every entry keeps
 * its PAT bits: a raw frame's cache mode was settled when it was mapped
 * (mm/pfnmap.c), and an ordinary page's is WB whatever the protection.
 */
void change_protection(struct pt_txn *t, struct vm_area_struct *vma,
		       unsigned long start, unsigned long end)
{
	pteval_t *e, v, keep;
	unsigned long va;

	for (va = start; va < end; va += PAGE_SIZE) {
		e = user_pte_lookup(vma->vm_mm, va);
		if (!e) {
			va = ALIGN_DOWN(va, PMD_SIZE) + PMD_SIZE - PAGE_SIZE;
			continue;
		}
		if (!user_pte_has_page(*e))
			continue;
		keep = (vma->vm_flags & VM_WRITE) ?
		       *e & (_PAGE_RW | _PAGE_DIRTY) : 0;
		if (!(pgprot_val(vma->vm_page_prot) & _PAGE_PRESENT))
			keep = 0;
		/* like Linux's pte_modify(): an entry keeps its cache mode */
		keep |= *e & _PAGE_CACHE_MASK;
		v = (*e & PTE_PFN_MASK) | keep |
		    (pgprot_val(vma->vm_page_prot) & ~_PAGE_CACHE_MASK);
		if (v != *e)
			pt_txn_write(t, e, v, va, PG_LEVEL_4K);
	}
}

/* put @v at @addr of @vma's space; 0 or VM_FAULT_OOM */
static unsigned int set_user_pte(struct vm_area_struct *vma,
				 unsigned long addr, pteval_t v)
{
	struct mm_struct *mm = vma->vm_mm;
	struct pt_txn t;
	pteval_t *e;

	pt_txn_begin_mm(&t, mm);
	if (pt_txn_prealloc(&t, user_pte_tables_needed(mm, addr))) {
		pt_txn_commit(&t);
		return VM_FAULT_OOM;
	}
	e = user_pte_alloc(&t, addr);
	pt_txn_write(&t, e, v, addr, PG_LEVEL_4K);
	pt_txn_commit(&t);
	return 0;
}

static pteval_t mk_user_pte(struct vm_area_struct *vma, phys_addr_t pa,
			    bool writable)
{
	pteval_t v = pa | pgprot_val(vma->vm_page_prot);

	if (writable && (vma->vm_flags & VM_WRITE))
		v |= _PAGE_RW | _PAGE_DIRTY;
	return v;
}

/* a copy of @from (NULL: the zero page) for a private write */
static struct page *copy_for_write(struct page *from)
{
	struct page *page = alloc_page(GFP_KERNEL | __GFP_NOWARN |
				       (from ? 0 : __GFP_ZERO));

	if (page && from)
		memcpy(page_address(page), page_address(from), PAGE_SIZE);
	return page;
}

/* a write to the present, read-only entry @old */
static unsigned int do_wp_page(struct vm_area_struct *vma, unsigned long addr,
			       pteval_t old)
{
	struct page *page = user_pte_page(vma, old), *copy;
	unsigned int ret;

	/* raw frames are never copied: there is no page to copy to */
	if ((vma->vm_flags & (VM_SHARED | VM_PFNMAP)) ||
	    (page && page_count(page) == 1)) {
		/* ours alone (or shared by design): write in place */
		if (!(vma->vm_flags & VM_WRITE))
			return 0;	/* a forced write: copy_to_mm() */
		return set_user_pte(vma, addr, old | _PAGE_RW | _PAGE_DIRTY);
	}
	copy = copy_for_write(page);
	if (!copy)
		return VM_FAULT_OOM;
	ret = set_user_pte(vma, addr, mk_user_pte(vma, page_to_phys(copy),
						  true));
	if (ret) {
		put_page(copy);
		return ret;
	}
	/* the old entry was invalidated at the commit */
	if (page)
		put_page(page);
	else
		vma->vm_mm->rss++;
	return 0;
}

/* the first touch of @addr in a VMA with vm_ops->fault() */
static unsigned int do_fault(struct vm_area_struct *vma, unsigned long addr,
			     unsigned int flags)
{
	bool write = flags & FAULT_FLAG_WRITE;
	struct vm_fault vmf = {
		.vma = vma,
		.address = addr,
		.flags = flags,
		.pgoff = vma->vm_pgoff + ((addr - vma->vm_start) >> PAGE_SHIFT),
	};
	struct page *page, *copy;
	unsigned int ret;

	ret = vma->vm_ops->fault(&vmf);
	if (ret & VM_FAULT_ERROR)
		return ret;
	/* the handler put the entry there itself (vmf_insert_pfn()) */
	if (ret & VM_FAULT_NOPAGE)
		return 0;
	page = vmf.page;
	if (write && !(vma->vm_flags & VM_SHARED)) {
		copy = copy_for_write(page);
		put_page(page);
		if (!copy)
			return VM_FAULT_OOM;
		page = copy;
	}
	ret = set_user_pte(vma, addr, mk_user_pte(vma, page_to_phys(page),
			   write || (vma->vm_flags & VM_SHARED)));
	if (ret) {
		put_page(page);
		return ret;
	}
	vma->vm_mm->rss++;
	return 0;
}

/* the first touch of @addr in an anonymous private VMA */
static unsigned int do_anonymous_page(struct vm_area_struct *vma,
				      unsigned long addr, unsigned int flags)
{
	struct page *page;
	unsigned int ret;

	if (!(flags & FAULT_FLAG_WRITE))
		return set_user_pte(vma, addr,
				    mk_user_pte(vma, zero_page_phys(), false));
	page = copy_for_write(NULL);
	if (!page)
		return VM_FAULT_OOM;
	ret = set_user_pte(vma, addr, mk_user_pte(vma, page_to_phys(page),
						  true));
	if (ret) {
		put_page(page);
		return ret;
	}
	vma->vm_mm->rss++;
	return 0;
}

/**
 * handle_mm_fault() - make @address of @vma accessible as @flags ask
 * @vma: the VMA holding @address; its mm's mmap_lock held
 * @address: user address
 * @flags: FAULT_FLAG_WRITE, FAULT_FLAG_USER, FAULT_FLAG_INSTRUCTION
 *
 * Checks no permission: the caller did (the #PF handler against the
 * error code, copy_to_mm() for its forced writes).  A write to a
 * private page that is not VM_WRITE (a forced one) makes it this space's
 * own without making the entry writable.
 *
 * Returns 0 (done, or nothing to do: the entry already allows the
 * access, as after a fault on a stale TLB entry) or VM_FAULT_* error bits.
 */
unsigned int handle_mm_fault(struct vm_area_struct *vma,
			     unsigned long address, unsigned int flags)
{
	unsigned long addr = address & PAGE_MASK;
	pteval_t *e = user_pte_lookup(vma->vm_mm, addr);
	pteval_t old = e ? READ_ONCE(*e) : 0;

	if (user_pte_none(old)) {
		if (vma->vm_ops && vma->vm_ops->fault)
			return do_fault(vma, addr, flags);
		/* raw frames come from remap_pfn_range() or a fault handler */
		if (vma->vm_flags & VM_PFNMAP)
			return VM_FAULT_SIGBUS;
		return do_anonymous_page(vma, addr, flags);
	}
	if (!(old & _PAGE_PRESENT))
		return VM_FAULT_SIGSEGV;	/* PROT_NONE */
	if ((flags & FAULT_FLAG_WRITE) && !(old & _PAGE_RW))
		return do_wp_page(vma, addr, old);
	return 0;
}
