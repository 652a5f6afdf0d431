// SPDX-License-Identifier: GPL-2.0
/*
 * CPA: change page attributes of kernel mappings (the direct map and the
 * vmalloc/ioremap area), all or nothing, inside one page-table transaction
 * (asm/pgtable_txn.h).
 *
 *   1. cpa_prepare(): check the spans (page aligned, no overflow, each
 *      inside one area; misaligned addresses are warned about and aligned
 *      down before, like Linux), count the splits the change needs
 *      (cpa_plan.c: a large page cut by an end of a span, or whose pages
 *      the change does not treat alike) and preallocate one page-table
 *      page for each.  Nothing has changed yet, so any error changes
 *      nothing.
 *   2. cpa_apply(), in three stages, each ended by the transaction with
 *      one cross-CPU invalidation before the next begins:
 *      a. split, by the very rule the count used;
 *      b. rewrite the leaves; a cache-mode change of a direct-map page
 *         that the kernel image also maps changes the image's entry too
 *         (its permissions stay: W^X of the image is never relaxed through
 *         the alias);
 *      c. merge: a direct-map table that became uniform again (512
 *         contiguous entries with the same attributes) goes back to one
 *         2M or 1G entry, so a set_memory_uc()/set_memory_wb() round trip
 *         leaves the direct map as it was at boot.  The table is freed by
 *         the commit, after the last invalidation.
 *
 * Splitting moves the PAT bit: it is bit 12 in a 2M/1G entry and bit 7 in
 * a 4K entry (SDM Vol. 3A 4.9.2; bit 7 of a large entry is PS).
 */
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/pgtable_txn.h>
#include <asm/processor.h>
#include <asm/set_memory.h>
#include "cpa.h"
#include "cpa_plan.h"

extern char _text[], _end[];

struct cpa_stats cpa_stats;

static bool cpa_in_vmalloc(unsigned long va)
{
	return va >= VMALLOC_START && va <= VMALLOC_END;
}

/* [start, end) lies inside one area */
static bool cpa_area_ok(unsigned long start, unsigned long end)
{
	return (virt_in_direct_map(start) && virt_in_direct_map(end - 1)) ||
	       (cpa_in_vmalloc(start) && cpa_in_vmalloc(end - 1));
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

/* a request whose pages may each want their own cache mode */
struct cpa_req_uniform {
	struct cpa_uniform u;
	const struct cpa_req *r;
};

static bool cpa_req_uniform(const struct cpa_uniform *u, unsigned long va,
			    unsigned long size)
{
	const struct cpa_req *r = ((const struct cpa_req_uniform *)u)->r;
	enum page_cache_mode first = r->mode_of(va);
	unsigned long p;

	for (p = va + PAGE_SIZE; p - va < size; p += PAGE_SIZE)
		if (r->mode_of(p) != first)
			return false;
	return true;
}

/* what the planner and the splitter ask: NULL when pages are all alike */
static const struct cpa_uniform *cpa_uniform_of(const struct cpa_req *r,
						struct cpa_req_uniform *u)
{
	*u = (struct cpa_req_uniform){ { cpa_req_uniform }, r };
	return r->mode_of ? &u->u : NULL;
}

static void cpa_span(const struct cpa_req *r, unsigned int i,
		     unsigned long *start, unsigned long *end)
{
	*start = r->vaddr[i];
	*end = *start + (r->pages << PAGE_SHIFT);
}

/**
 * cpa_prepare() - check a change and preallocate what it needs
 * @t: the transaction it will run in
 * @r: the change
 *
 * Context: @t begun, nothing changed in it yet.
 * Return: 0; -EINVAL (bad span: outside the areas, wrapping, or with an
 * unmapped page); -ENOMEM (no page-table pages for the splits).  Nothing
 * is changed either way.
 */
int cpa_prepare(struct pt_txn *t, const struct cpa_req *r)
{
	struct cpa_req_uniform u;
	const struct cpa_uniform *uni = cpa_uniform_of(r, &u);
	unsigned long start, end;
	unsigned int i, n, need = 0;
	int err;

	if (!r->nr || !r->pages || r->pages > (~0UL >> PAGE_SHIFT))
		return -EINVAL;
	for (i = 0; i < r->nr; i++) {
		cpa_span(r, i, &start, &end);
		if ((start & ~PAGE_MASK) || end - 1 < start ||
		    !cpa_area_ok(start, end))
			return -EINVAL;
		err = cpa_plan_count(&cpa_live_view, uni, start, end, &n);
		if (err)
			return err;
		need += n;
	}
	return pt_txn_prealloc(t, need);
}

/* stage a: split every leaf the count counted */
static void cpa_split_span(struct pt_txn *t, const struct cpa_req *r,
			   unsigned long start, unsigned long end)
{
	struct cpa_req_uniform u;
	const struct cpa_uniform *uni = cpa_uniform_of(r, &u);
	unsigned long va = start, leaf;
	enum pg_level level;
	pteval_t *e;

	while (va - start < end - start) {
		e = lookup_address(va, &level);
		leaf = ALIGN_DOWN(va, pt_level_size(level));
		if (cpa_must_split(leaf, level, start, end, uni)) {
			pt_txn_split(t, e, leaf, level);
			cpa_stats.splits++;
			continue;	/* look again at the smaller entries */
		}
		va = leaf + pt_level_size(level);
	}
}

/* the cache mode a change gives the page at @va */
static enum page_cache_mode cpa_mode(const struct cpa_req *r, unsigned long va)
{
	return r->mode_of ? r->mode_of(va) : (enum page_cache_mode)r->cache_mode;
}

static pteval_t cpa_new_entry(const struct cpa_req *r, pteval_t v,
			      enum pg_level level, unsigned long leaf)
{
	pteval_t set = r->set, clr = r->clr;

	if (r->mode_of || r->cache_mode >= 0) {
		clr |= _PAGE_CACHE_MASK;
		set |= cachemode2protval(cpa_mode(r, leaf));
	}
	if (level != PG_LEVEL_4K) {
		set = protval_4k_2_large(set);
		clr = protval_4k_2_large(clr);
	}
	return (v & ~clr) | set;
}

/* the kernel image's alias of a direct-map page, if it has one */
static unsigned long cpa_image_alias(unsigned long va)
{
	phys_addr_t p = __pa((void *)va);

	if (p >= __pa_symbol(_text) && p < __pa_symbol(_end))
		return __START_KERNEL_map + p;
	return 0;
}

/* keep the image's cache bits equal to the direct map's (4K entries) */
static void cpa_write_alias(struct pt_txn *t, const struct cpa_req *r,
			    unsigned long va)
{
	unsigned long a = cpa_image_alias(va);
	enum pg_level level;
	pteval_t *e, v;

	if (!a)
		return;
	e = lookup_address(a, &level);
	if (WARN_ON_ONCE(level != PG_LEVEL_4K))
		return;
	v = (*e & ~_PAGE_CACHE_MASK) | cachemode2protval(cpa_mode(r, va));
	if (v != *e)
		pt_txn_write(t, e, v, a, level);
}

/* stage b: rewrite the leaves of one span, and its image alias */
static void cpa_write_span(struct pt_txn *t, const struct cpa_req *r,
			   unsigned long start, unsigned long end)
{
	bool alias = (r->mode_of || r->cache_mode >= 0) &&
		     virt_in_direct_map(start);
	unsigned long va = start, leaf, p;
	enum pg_level level;
	pteval_t *e, v;

	while (va - start < end - start) {
		e = lookup_address(va, &level);
		leaf = ALIGN_DOWN(va, pt_level_size(level));
		v = cpa_new_entry(r, *e, level, leaf);
		if (v != *e)
			pt_txn_write(t, e, v, leaf, level);
		va = leaf + pt_level_size(level);
	}
	if (!alias)
		return;
	for (p = start; p < end; p += PAGE_SIZE)
		cpa_write_alias(t, r, p);
}

/* fold the table under *e (entries of @level) into one entry */
static void cpa_try_merge(struct pt_txn *t, pteval_t *e, enum pg_level level,
			  unsigned long va)
{
	pteval_t *table;

	if (!e || !pt_entry_present(*e) || pt_entry_large(*e, level + 1))
		return;
	if (level == PG_LEVEL_2M && !boot_cpu_has(X86_FEATURE_GBPAGES))
		return;
	table = pt_virt(*e & PTE_PFN_MASK);
	if (!cpa_entries_mergeable(table, level))
		return;
	pt_txn_replace_table(t, e, cpa_merged_entry(table, level),
			     ALIGN_DOWN(va, pt_level_size(level + 1)),
			     level + 1);
	cpa_stats.merges++;
}

/* stage c: merge what became uniform around [start, end) */
static void cpa_merge_span(struct pt_txn *t, unsigned long start,
			   unsigned long end)
{
	unsigned long va;

	if (!virt_in_direct_map(start))
		return;
	for (va = ALIGN_DOWN(start, PMD_SIZE); va < end; va += PMD_SIZE)
		cpa_try_merge(t, lookup_entry_at(va, PG_LEVEL_2M), PG_LEVEL_4K,
			      va);
	for (va = ALIGN_DOWN(start, PUD_SIZE); va < end; va += PUD_SIZE)
		cpa_try_merge(t, lookup_entry_at(va, PG_LEVEL_1G), PG_LEVEL_2M,
			      va);
}

/**
 * cpa_apply() - carry out a change cpa_prepare() accepted
 * @t: the same transaction, still open
 * @r: the same change
 *
 * Cannot fail: every table it takes was preallocated.  Every stage is
 * done for all spans before the next begins, so a change costs at most
 * three invalidations however many spans it has.
 */
void cpa_apply(struct pt_txn *t, const struct cpa_req *r)
{
	unsigned long start, end;
	unsigned int i;

	for (i = 0; i < r->nr; i++) {
		cpa_span(r, i, &start, &end);
		cpa_split_span(t, r, start, end);
	}
	for (i = 0; i < r->nr; i++) {
		cpa_span(r, i, &start, &end);
		cpa_write_span(t, r, start, end);
	}
	for (i = 0; i < r->nr; i++) {
		cpa_span(r, i, &start, &end);
		cpa_merge_span(t, start, end);
	}
	cpa_stats.changes++;
}

/**
 * change_page_attr_set_clr() - the CPA core, in a transaction of its own
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
	struct cpa_req r = {
		.vaddr = &addr, .nr = 1, .set = set, .clr = clr,
		.cache_mode = cache_mode,
	};
	struct pt_txn t;
	int err;

	if (addr & ~PAGE_MASK) {
		WARN_ONCE(1, "CPA: misaligned address: %#lx\n", addr);
		addr &= PAGE_MASK;
	}
	if (numpages <= 0)
		return -EINVAL;
	r.pages = numpages;
	pt_txn_begin(&t);
	err = cpa_prepare(&t, &r);
	if (!err)
		cpa_apply(&t, &r);
	pt_txn_commit(&t);
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

/* as in Linux: without NX everything is executable, and that is success */
int set_memory_x(unsigned long addr, int numpages)
{
	if (!(__supported_pte_mask & _PAGE_NX))
		return 0;
	return change_page_attr_set_clr(addr, numpages, 0, _PAGE_NX, -1);
}

int set_memory_nx(unsigned long addr, int numpages)
{
	if (!(__supported_pte_mask & _PAGE_NX))
		return 0;
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
