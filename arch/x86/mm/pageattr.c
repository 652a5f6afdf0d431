// SPDX-License-Identifier: GPL-2.0
/*
 * CPA: change page attributes of kernel mappings (the direct map and the
 * vmalloc/ioremap area), all or nothing.
 *
 * A change is done in four steps so that no failure can leave it half
 * applied:
 *   1. check the range: page-aligned (misaligned addresses are warned
 *      about and aligned down, like Linux), no overflow, every page
 *      mapped, all inside one area;
 *   2. plan: count the page-table pages the splits will need (a large
 *      page partly inside the range is split, 1G -> 2M -> 4K, only as far
 *      as the range's ends require) and allocate them all up front;
 *   3. apply: split, then rewrite the leaf entries; a cache-mode change
 *      of a direct-map page that is also mapped by the kernel image
 *      changes the image's entry too (its permissions stay: W^X of the
 *      image is never relaxed through the alias);
 *   4. flush the TLB for everything changed, then merge: wherever a
 *      direct-map table has become uniform again (512 contiguous entries
 *      with the same attributes), it is folded back into one 2M or 1G
 *      page, so a set_memory_uc()/set_memory_wb() round trip leaves the
 *      direct map as it was at boot.
 *
 * Splitting moves the PAT bit: it is bit 12 in a 2M/1G entry and bit 7 in
 * a 4K entry (SDM Vol. 3A 4.9.2; bit 7 of a large entry is PS).
 */
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/set_memory.h>
#include <asm/tlbflush.h>
#include "cpa_plan.h"

extern char _text[], _end[];

#define CPA_MAX_PREALLOC	CPA_PLAN_MAX_SPLITS

struct cpa_stats cpa_stats;
/* every change of the kernel page tables, CPA's and vmap_range()'s */
DEFINE_SPINLOCK(cpa_lock);

struct cpa_req {
	unsigned long start, end;	/* virtual, page aligned */
	pteval_t set, clr;		/* 4K-format bits */
	int cache_mode;			/* -1: leave cache bits alone */
	phys_addr_t prealloc[CPA_MAX_PREALLOC];
	unsigned int nr_prealloc, used;
};

static bool cpa_in_direct_map(unsigned long va)
{
	return virt_in_direct_map(va);
}

static bool cpa_in_vmalloc(unsigned long va)
{
	return va >= VMALLOC_START && va <= VMALLOC_END;
}

/*
 * step 1: the range must lie inside one area; that every page of it is
 * mapped is checked by the planner's walk in step 2
 */
static int cpa_check_range(unsigned long start, unsigned long end)
{
	if (!(cpa_in_direct_map(start) && cpa_in_direct_map(end - 1)) &&
	    !(cpa_in_vmalloc(start) && cpa_in_vmalloc(end - 1)))
		return -EINVAL;
	return 0;
}

/* the planner's view of the live tables (see cpa_plan.h) */
static enum pg_level cpa_view_leaf_level(const struct cpa_pt_view *view,
					 unsigned long va)
{
	enum pg_level level;
	pteval_t *e = lookup_address(va, &level);

	if (!pt_entry_present(*e) && !(*e & PTE_PFN_MASK))
		return PG_LEVEL_NONE;
	if (level != PG_LEVEL_4K && !pt_entry_large(*e, level))
		return PG_LEVEL_NONE;
	return level;
}

static const struct cpa_pt_view cpa_live_view = {
	.leaf_level = cpa_view_leaf_level,
};

/* step 2: plan the splits, then get a page-table page for each */
static int cpa_prealloc(struct cpa_req *r)
{
	struct cpa_plan plan;
	unsigned int i;
	int err;

	cpa_plan_init(&plan);
	err = cpa_plan_add_range(&plan, &cpa_live_view, r->start, r->end);
	if (err)
		return err == -ENOSPC ? -ENOMEM : err;
	for (i = 0; i < plan.nr_splits && i < CPA_MAX_PREALLOC; i++) {
		r->prealloc[i] = pgtable_alloc_page();
		if (!r->prealloc[i])
			goto err_free;
		r->nr_prealloc++;
	}
	return 0;
err_free:
	while (r->nr_prealloc)
		pgtable_free_page(r->prealloc[--r->nr_prealloc]);
	return -ENOMEM;
}

static phys_addr_t cpa_take_page(struct cpa_req *r)
{
	if (WARN_ON(r->used >= r->nr_prealloc))
		return 0;
	return r->prealloc[r->used++];
}

/* replace the large entry *e (at @level) by a table of the next level */
static void cpa_split(struct cpa_req *r, pteval_t *e, enum pg_level level,
		      unsigned long va)
{
	phys_addr_t table = cpa_take_page(r);

	cpa_split_entries(*e, level, __va(table));
	*e = table | _PAGE_PRESENT | _PAGE_RW | _PAGE_ACCESSED | _PAGE_DIRTY;
	if (cpa_in_direct_map(va)) {
		direct_pages_count[level]--;
		direct_pages_count[level - 1] += PTRS_PER_TABLE;
	}
	cpa_stats.splits++;
	__flush_tlb_all();	/* the large translation must go everywhere */
}

static pteval_t cpa_new_entry(const struct cpa_req *r, pteval_t v,
			      enum pg_level level)
{
	pteval_t set = r->set, clr = r->clr;

	if (r->cache_mode >= 0) {
		clr |= _PAGE_CACHE_MASK;
		set |= cachemode2protval(r->cache_mode);
	}
	if (level != PG_LEVEL_4K) {
		set = protval_4k_2_large(set);
		clr = protval_4k_2_large(clr);
	}
	return (v & ~clr) | set;
}

/* step 3 for one range: split the ends as needed, rewrite the leaves */
static void cpa_apply(struct cpa_req *r, unsigned long start,
		      unsigned long end)
{
	unsigned long va = start, size;
	enum pg_level level;
	pteval_t *e;

	while (va < end) {
		e = lookup_address(va, &level);
		size = pt_level_size(level);
		if (level != PG_LEVEL_4K && pt_entry_large(*e, level) &&
		    (!IS_ALIGNED(va, size) || end - va < size)) {
			cpa_split(r, e, level, va);
			continue;	/* look again at the smaller entries */
		}
		*e = cpa_new_entry(r, *e, level);
		va = ALIGN_DOWN(va, size) + size;
	}
}

/* the kernel image's alias of a direct-map page, if it has one */
static unsigned long cpa_image_alias(unsigned long va)
{
	phys_addr_t p = __pa((void *)va);

	if (p >= __pa_symbol(_text) && p < __pa_symbol(_end))
		return __START_KERNEL_map + p;
	return 0;
}

/* keep the image's cache bits equal to the direct map's */
static void cpa_sync_alias(struct cpa_req *r)
{
	struct cpa_req alias = { .cache_mode = r->cache_mode };
	unsigned long va, a;
	bool changed = false;

	if (r->cache_mode < 0 || !cpa_in_direct_map(r->start))
		return;
	for (va = r->start; va < r->end; va += PAGE_SIZE) {
		a = cpa_image_alias(va);
		if (a) {
			cpa_apply(&alias, a, a + PAGE_SIZE);	/* 4K: no split */
			changed = true;
		}
	}
	if (changed)
		flush_tlb_kernel_range((unsigned long)_text, (unsigned long)_end);
}

/* fold the table under *e (entries of @level) into one entry; 1 if done */
static int cpa_try_merge(pteval_t *e, enum pg_level level)
{
	phys_addr_t table;
	pteval_t *t;

	if (!pt_entry_present(*e) || pt_entry_large(*e, level + 1))
		return 0;
	table = *e & PTE_PFN_MASK;
	t = __va(table);
	if (level == PG_LEVEL_2M && !boot_cpu_has(X86_FEATURE_GBPAGES))
		return 0;
	if (!cpa_entries_mergeable(t, level))
		return 0;
	*e = cpa_merged_entry(t, level);
	direct_pages_count[level] -= PTRS_PER_TABLE;
	direct_pages_count[level + 1]++;
	cpa_stats.merges++;
	__flush_tlb_all();
	pgtable_free_page(table);
	return 1;
}

/* step 4: merge what became uniform around [start, end) in the direct map */
static void cpa_merge_range(unsigned long start, unsigned long end)
{
	unsigned long va;
	enum pg_level level;

	if (!cpa_in_direct_map(start))
		return;
	for (va = ALIGN_DOWN(start, PMD_SIZE); va < end; va += PMD_SIZE) {
		lookup_address(va, &level);
		if (level == PG_LEVEL_4K) {
			/* the 2M-level entry holding this table */
			pteval_t *pmd = lookup_entry_at(va, PG_LEVEL_2M);

			if (pmd)
				cpa_try_merge(pmd, PG_LEVEL_4K);
		}
	}
	for (va = ALIGN_DOWN(start, PUD_SIZE); va < end; va += PUD_SIZE) {
		pteval_t *pud = lookup_entry_at(va, PG_LEVEL_1G);

		if (pud)
			cpa_try_merge(pud, PG_LEVEL_2M);
	}
}

/**
 * change_page_attr_set_clr() - the CPA core
 * @addr: start; misaligned is warned about and aligned down
 * @numpages: pages
 * @set: 4K-format bits to set
 * @clr: 4K-format bits to clear
 * @cache_mode: a page_cache_mode to apply, or -1 to leave cache bits alone
 *
 * Returns 0, -EINVAL (bad range: nothing changed) or -ENOMEM (the splits
 * could not get page-table pages: nothing changed).
 */
int change_page_attr_set_clr(unsigned long addr, int numpages, pteval_t set,
			     pteval_t clr, int cache_mode)
{
	struct cpa_req r = { .set = set, .clr = clr, .cache_mode = cache_mode };
	unsigned long flags;
	int err;

	if (addr & ~PAGE_MASK) {
		WARN_ONCE(1, "CPA: misaligned address: %#lx\n", addr);
		addr &= PAGE_MASK;
	}
	if (numpages <= 0 ||
	    (unsigned long)numpages > (~0UL - addr) >> PAGE_SHIFT)
		return -EINVAL;
	r.start = addr;
	r.end = addr + ((unsigned long)numpages << PAGE_SHIFT);

	spin_lock_irqsave(&cpa_lock, flags);
	err = cpa_check_range(r.start, r.end);
	if (!err)
		err = cpa_prealloc(&r);
	if (!err) {
		cpa_apply(&r, r.start, r.end);
		cpa_sync_alias(&r);
		flush_tlb_kernel_range(r.start, r.end);
		cpa_merge_range(r.start, r.end);
		while (r.used < r.nr_prealloc)
			pgtable_free_page(r.prealloc[--r.nr_prealloc]);
		cpa_stats.changes++;
	}
	spin_unlock_irqrestore(&cpa_lock, flags);
	return err;
}

int set_memory_ro(unsigned long addr, int numpages)
{
	return change_page_attr_set_clr(addr, numpages, 0, _PAGE_RW, -1);
}

int set_memory_rw(unsigned long addr, int numpages)
{
	return change_page_attr_set_clr(addr, numpages, _PAGE_RW, 0, -1);
}

int set_memory_x(unsigned long addr, int numpages)
{
	return change_page_attr_set_clr(addr, numpages, 0, _PAGE_NX, -1);
}

int set_memory_nx(unsigned long addr, int numpages)
{
	return change_page_attr_set_clr(addr, numpages, _PAGE_NX, 0, -1);
}

int set_memory_np(unsigned long addr, int numpages)
{
	return change_page_attr_set_clr(addr, numpages, 0, _PAGE_PRESENT, -1);
}

int set_memory_p(unsigned long addr, int numpages)
{
	return change_page_attr_set_clr(addr, numpages, _PAGE_PRESENT, 0, -1);
}
