// SPDX-License-Identifier: GPL-2.0
/*
 * RAM's memory types: reservations counted per page in struct page, and
 * the direct map kept in step with them.
 *
 * A RAM page is always mapped by the direct map, so reserving it for a
 * cache mode is only half the job: the direct map (and the kernel image,
 * for pages of the image) must then map it with that mode, or the page
 * has two.  Both halves happen in one page-table transaction
 * (asm/pgtable_txn.h), so no set_memory_*(), memtype_reserve() or
 * memtype_free() of RAM on another CPU, and no alias verifier snapshot,
 * can see a page reserved as one type and mapped as another:
 *
 *   1. begin the transaction (the page-table lock), take memtype_lock;
 *   2. change the reservations of every page, all or nothing (-EBUSY for
 *      a page held with another mode, -EINVAL for a release of a page
 *      nobody holds, -ENOSPC when a count would overflow);
 *   3. plan the direct-map change from the new reservations and
 *      preallocate its page-table pages; on -ENOMEM undo step 2 exactly;
 *   4. drop memtype_lock; rewrite the direct map (cpa_apply(), which
 *      cannot fail) and commit: the invalidation reaches every CPU before
 *      the call returns.
 *
 * A page's mode is what its reservations agreed on while its count is
 * above zero; at zero it is WB whatever the field says, so a release
 * keeps the field and its undo can restore the count alone.
 *
 * Every RAM page's fields are written only inside a transaction and
 * under memtype_lock, and read under either.
 *
 * With PAT off the pages are counted just the same (Linux counts nothing
 * then, and a set_memory_array_wb() that relied on counts it did not keep
 * sent pages back to the allocator uncached).  What a page holds is the
 * mode its PTE bits really give under the tables in force, so WC and UC-
 * share a page when PAT is off (both are PCD) and a request is never
 * refused for a difference the hardware cannot see.
 */
#define pr_fmt(fmt) "x86/PAT: " fmt

#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/spinlock.h>
#include <asm/page.h>
#include <asm/pat.h>
#include <asm/pgtable_txn.h>
#include "../cpa.h"
#include "memtype.h"
#include "memtype_log.h"

/* the mode the direct map must give a page: what its reservations say */
static enum page_cache_mode ram_mode(const struct page *pg)
{
	return pg->memtype_refs ? pg->memtype : _PAGE_CACHE_MODE_WB;
}

#ifdef CONFIG_KTEST
void (*memtype_ram_test_window)(void);
#endif

static enum page_cache_mode ram_mode_of(unsigned long va)
{
	return ram_mode(virt_to_page((void *)va));
}

static u64 ram_span_start(const struct memtype_ram_req *r, unsigned int i)
{
	return __pa((void *)r->vaddr[i]);
}

static u64 ram_span_end(const struct memtype_ram_req *r, unsigned int i)
{
	return ram_span_start(r, i) + ((u64)r->pages << PAGE_SHIFT);
}

/* the page frames of span @i: [*first, *last) */
static void ram_span_pfns(const struct memtype_ram_req *r, unsigned int i,
			  unsigned long *first, unsigned long *last)
{
	*first = PHYS_PFN(ram_span_start(r, i));
	*last = *first + r->pages;
}

/* add @delta to every count of span @i; @mode: give each page that mode */
static void ram_span_count(const struct memtype_ram_req *r, unsigned int i,
			   int delta, const enum page_cache_mode *mode)
{
	unsigned long pfn, last;

	for (ram_span_pfns(r, i, &pfn, &last); pfn < last; pfn++) {
		struct page *pg = pfn_to_page(pfn);

		pg->memtype_refs += delta;
		if (mode)
			pg->memtype = *mode;
	}
}

/* log a release's undo: runs of one mode within span @i */
static void ram_log_restore(const struct memtype_ram_req *r, unsigned int i)
{
	u64 start = ram_span_start(r, i), end = ram_span_end(r, i), p, q;
	enum page_cache_mode m;

	for (p = start; p < end; p = q) {
		m = ram_mode(pfn_to_page(PHYS_PFN(p)));
		for (q = p + PAGE_SIZE;
		     q < end && ram_mode(pfn_to_page(PHYS_PFN(q))) == m;
		     q += PAGE_SIZE)
			;
		memtype_log_add('p', p, q, m, 0, 0);
	}
}

/* undo the first @n spans of a successful reservation, newest first */
static void ram_unreserve(const struct memtype_ram_req *r, unsigned int n)
{
	while (n--) {
		ram_span_count(r, n, -1, NULL);
		memtype_log_add('q', ram_span_start(r, n), ram_span_end(r, n),
				0, 0, 0);
	}
}

/* undo the first @n spans of a successful release, newest first */
static void ram_unrelease(const struct memtype_ram_req *r, unsigned int n)
{
	while (n--) {
		ram_span_count(r, n, 1, NULL);
		ram_log_restore(r, n);
	}
}

/*
 * May span @i of @r be reserved?  A page held with another mode anywhere
 * in it is -EBUSY (named in @ci), before a count that would overflow is
 * -ENOSPC: the answer does not depend on which page comes first.
 */
static int ram_check_reserve(const struct memtype_ram_req *r, unsigned int i,
			     struct memtype_conflict_info *ci)
{
	unsigned long pfn, last;
	bool full = false;

	for (ram_span_pfns(r, i, &pfn, &last); pfn < last; pfn++) {
		struct page *pg = pfn_to_page(pfn);

		if (pg->memtype_refs && pg->memtype != r->pcm) {
			*ci = (struct memtype_conflict_info){
				.want = r->pcm, .found = pg->memtype,
				.start = PFN_PHYS(pfn),
				.end = PFN_PHYS(pfn + 1), .ram = true,
			};
			return -EBUSY;
		}
		full |= pg->memtype_refs == U16_MAX;
	}
	return full ? -ENOSPC : 0;
}

/* may span @i be released?  Every page must hold a reservation */
static int ram_check_release(const struct memtype_ram_req *r, unsigned int i)
{
	unsigned long pfn, last;

	for (ram_span_pfns(r, i, &pfn, &last); pfn < last; pfn++)
		if (!pfn_to_page(pfn)->memtype_refs)
			return -EINVAL;
	return 0;
}

/*
 * Span by span, each logged as it takes effect; a span that cannot is
 * logged with its answer and the spans before it are undone.  The check
 * passes only pages that are free or already hold the mode asked for, so
 * every page of a reserved span may be given that mode.
 */
static int ram_reserve(const struct memtype_ram_req *r,
		       struct memtype_conflict_info *ci)
{
	unsigned int i;
	int err;

	for (i = 0; i < r->nr; i++) {
		err = ram_check_reserve(r, i, ci);
		memtype_log_add('p', ram_span_start(r, i), ram_span_end(r, i),
				r->pcm, err, 0);
		if (err) {
			ram_unreserve(r, i);
			return err;
		}
		ram_span_count(r, i, 1, &r->pcm);
	}
	return 0;
}

static int ram_release(const struct memtype_ram_req *r)
{
	unsigned int i;
	int err;

	for (i = 0; i < r->nr; i++) {
		err = ram_check_release(r, i);
		memtype_log_add('q', ram_span_start(r, i), ram_span_end(r, i),
				0, err, 0);
		if (err) {
			ram_unrelease(r, i);
			return err;
		}
		ram_span_count(r, i, -1, NULL);
	}
	return 0;
}

/**
 * memtype_ram_change() - reserve or release RAM and remap it to match
 * @r: the spans (direct-map addresses of RAM), the mode, which way
 * @ci: receives the conflicting page on -EBUSY
 *
 * All or nothing, in one page-table transaction (see the top of the file).
 * The caller checked that every span is RAM in the direct map.
 *
 * Return: 0; -EBUSY (a page holds another mode); -EINVAL (a release of a
 * page nobody holds, or a span the direct map does not cover); -ENOSPC (a
 * count would overflow); -ENOMEM (no page-table pages for the splits).
 * Nothing changes on error.
 */
int memtype_ram_change(const struct memtype_ram_req *r,
		       struct memtype_conflict_info *ci)
{
	struct memtype_ram_req req = *r;
	struct cpa_req c = {
		.vaddr = r->vaddr, .nr = r->nr, .pages = r->pages,
		.cache_mode = -1,
	};
	struct pt_txn t;
	int err;

	/* the mode the PTE bits will really give (WC is UC- without PAT) */
	req.pcm = pgprot2cachemode(cachemode2protval(r->pcm));
	r = &req;
	/*
	 * After a reservation every page of it holds r->pcm; after a release
	 * each page holds what is left of its own reservations.
	 */
	if (r->release)
		c.mode_of = ram_mode_of;
	else
		c.cache_mode = r->pcm;

	pt_txn_begin(&t);
	spin_lock(&memtype_lock);
	err = r->release ? ram_release(r) : ram_reserve(r, ci);
	if (!err) {
		err = cpa_prepare(&t, &c);
		if (err && r->release)
			ram_unrelease(r, r->nr);
		else if (err)
			ram_unreserve(r, r->nr);
	}
	spin_unlock(&memtype_lock);
#ifdef CONFIG_KTEST
	if (!err && memtype_ram_test_window)
		memtype_ram_test_window();
#endif
	if (!err)
		cpa_apply(&t, &c);
	pt_txn_commit(&t);
	if (!err)
		__atomic_fetch_add(r->release ? &memtype_stats.frees :
				   &memtype_stats.reserves, 1,
				   __ATOMIC_RELAXED);
	return err;
}

/**
 * memtype_ram_lookup() - the mode a RAM page is reserved with
 * @paddr: any address in the page
 *
 * Context: memtype_lock held.
 */
enum page_cache_mode memtype_ram_lookup(u64 paddr)
{
	return ram_mode(pfn_to_page(PHYS_PFN(paddr)));
}

#ifdef CONFIG_KTEST
/**
 * memtype_ram_log_seed() - log the RAM reservations held right now
 *
 * One single-page reservation line per count, so that a replay of a log
 * opened now starts from an empty model.  Context: memtype_lock held.
 */
void memtype_ram_log_seed(void)
{
	unsigned long pfn;
	unsigned int n;

	for (pfn = 0; pfn < max_pfn; pfn++) {
		const struct page *pg = pfn_to_page(pfn);

		for (n = 0; n < pg->memtype_refs; n++)
			memtype_log_add('p', PFN_PHYS(pfn), PFN_PHYS(pfn + 1),
					pg->memtype, 0, 0);
	}
}
#endif
