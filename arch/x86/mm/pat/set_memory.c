// SPDX-License-Identifier: GPL-2.0
/*
 * set_memory_uc/wc/wt/wb(), set_pages_*() and set_memory_array_*(): the
 * cache mode of RAM in the direct map.
 *
 * Each call checks that its pages are RAM in the direct map and hands
 * them to memtype_ram_change(), which reserves (or releases) every page
 * and remaps the direct map and the kernel-image alias to match, all or
 * nothing, in one page-table transaction: no other caller can ever see a
 * page reserved as one mode and mapped as another.  A release maps each
 * page back to WB only when its last reservation goes, so one user's
 * release cannot take a page from under another user of the same mode.
 * After a change to a mode other than WB, the range's cache lines are
 * written back and dropped: lines cached under WB must not outlive it.
 */
#include <linux/bug.h>
#include <linux/e820.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/printk.h>
#include <asm/cacheflush.h>
#include <asm/page.h>
#include <asm/pat.h>
#include <asm/pgtable.h>
#include <asm/set_memory.h>
#include "memtype.h"

/* [addr, addr + numpages pages) must be RAM in the direct map */
static int set_memory_check(unsigned long addr, unsigned long numpages)
{
	u64 start;

	if (!numpages || !virt_in_direct_map(addr) ||
	    numpages > (~0UL - addr) >> PAGE_SHIFT ||
	    !virt_in_direct_map(addr + (numpages << PAGE_SHIFT) - 1))
		return -EINVAL;
	start = __pa((void *)addr);
	if (!e820__mapped_all(start, start + ((u64)numpages << PAGE_SHIFT),
			      E820_TYPE_RAM))
		return -EINVAL;
	return 0;
}

static void set_memory_flush_caches(const unsigned long *addr,
				    unsigned int nr, unsigned long pages)
{
	unsigned long size = pages << PAGE_SHIFT;
	unsigned int i;

	if (size * nr > CPA_CLFLUSH_THRESHOLD) {
		wbinvd_flush_all();
		return;
	}
	for (i = 0; i < nr; i++)
		clflush_cache_range((void *)addr[i], size);
}

/* the spans are checked; reserve or release them, remap, flush */
static int set_memory_change(const unsigned long *addr, unsigned int nr,
			     unsigned long pages, enum page_cache_mode pcm,
			     bool release)
{
	struct memtype_ram_req r = {
		.vaddr = addr, .nr = nr, .pages = pages, .pcm = pcm,
		.release = release,
	};
	struct memtype_conflict_info ci;
	unsigned int i;
	int err;

	err = memtype_ram_change(&r, &ci);
	if (err == -EBUSY)
		memtype_report_conflict(ci.start, ci.end, &ci);
	if (err == -EINVAL && release)
		for (i = 0; i < nr; i++)
			memtype_report_invalid_free(__pa((void *)addr[i]),
				__pa((void *)addr[i]) + (pages << PAGE_SHIFT));
	if (!err && pcm != _PAGE_CACHE_MODE_WB)
		set_memory_flush_caches(addr, nr, pages);
	return err;
}

static int set_memory_range(unsigned long addr, int numpages,
			    enum page_cache_mode pcm, bool release)
{
	int err;

	if (addr & ~PAGE_MASK) {
		WARN_ONCE(1, "set_memory: misaligned address: %#lx\n", addr);
		addr &= PAGE_MASK;
	}
	if (numpages <= 0)
		return -EINVAL;
	err = set_memory_check(addr, numpages);
	if (err)
		return err;
	return set_memory_change(&addr, 1, numpages, pcm, release);
}

/**
 * set_memory_uc() - make direct-map RAM uncached (UC-, as in Linux)
 * @addr: direct-map address of the first page
 * @numpages: pages
 *
 * Returns 0, -EINVAL (not RAM in the direct map), -EBUSY (a page holds
 * another mode), -ENOSPC (a page holds 65535 reservations) or -ENOMEM (no
 * page-table page for a split).  Nothing changes on error.  Undo with
 * set_memory_wb().
 */
int set_memory_uc(unsigned long addr, int numpages)
{
	return set_memory_range(addr, numpages, _PAGE_CACHE_MODE_UC_MINUS,
				false);
}

/**
 * set_memory_wc() - make direct-map RAM write-combining
 * @addr: direct-map address of the first page
 * @numpages: pages
 *
 * As set_memory_uc().  WC without PAT is UC-.
 */
int set_memory_wc(unsigned long addr, int numpages)
{
	return set_memory_range(addr, numpages, _PAGE_CACHE_MODE_WC, false);
}

/**
 * set_memory_wt() - make direct-map RAM write-through
 * @addr: direct-map address of the first page
 * @numpages: pages
 *
 * As set_memory_uc().
 */
int set_memory_wt(unsigned long addr, int numpages)
{
	return set_memory_range(addr, numpages, _PAGE_CACHE_MODE_WT, false);
}

/**
 * set_memory_wb() - release set_memory_uc/wc/wt() of direct-map RAM
 * @addr: as passed to set_memory_uc/wc/wt()
 * @numpages: as passed
 *
 * Each page goes back to WB when its last reservation is released.
 * Returns 0, -EINVAL (not RAM, or a page holds no reservation) or -ENOMEM
 * (going back to WB splits a large page that another user still holds
 * in part, and no page-table page is left).  Nothing changes on error.
 */
int set_memory_wb(unsigned long addr, int numpages)
{
	return set_memory_range(addr, numpages, _PAGE_CACHE_MODE_WB, true);
}

/**
 * set_pages_uc() - set_memory_uc() by struct page
 * @page: the first page
 * @numpages: pages
 */
int set_pages_uc(struct page *page, int numpages)
{
	return set_memory_uc((unsigned long)page_address(page), numpages);
}

/**
 * set_pages_wb() - set_memory_wb() by struct page
 * @page: the first page
 * @numpages: pages
 */
int set_pages_wb(struct page *page, int numpages)
{
	return set_memory_wb((unsigned long)page_address(page), numpages);
}

/* one transaction for every page of the array: all or nothing */
static int set_memory_array(unsigned long *addr, int n,
			    enum page_cache_mode pcm, bool release)
{
	int i;

	if (n <= 0)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		if (addr[i] & ~PAGE_MASK) {
			WARN_ONCE(1, "set_memory: misaligned address: %#lx\n",
				  addr[i]);
			addr[i] &= PAGE_MASK;
		}
		if (set_memory_check(addr[i], 1))
			return -EINVAL;
	}
	return set_memory_change(addr, n, 1, pcm, release);
}

/**
 * set_memory_array_uc() - set_memory_uc() of @numpages single pages
 * @addr: direct-map addresses of the pages
 * @numpages: entries in @addr
 *
 * All or nothing, as set_memory_uc().
 */
int set_memory_array_uc(unsigned long *addr, int numpages)
{
	return set_memory_array(addr, numpages, _PAGE_CACHE_MODE_UC_MINUS,
				false);
}

/**
 * set_memory_array_wc() - set_memory_wc() of @numpages single pages
 * @addr: direct-map addresses of the pages
 * @numpages: entries in @addr
 */
int set_memory_array_wc(unsigned long *addr, int numpages)
{
	return set_memory_array(addr, numpages, _PAGE_CACHE_MODE_WC, false);
}

/**
 * set_memory_array_wb() - set_memory_wb() of @numpages single pages
 * @addr: direct-map addresses of the pages
 * @numpages: entries in @addr
 *
 * All or nothing: if any page holds no reservation, none is released.
 */
int set_memory_array_wb(unsigned long *addr, int numpages)
{
	return set_memory_array(addr, numpages, _PAGE_CACHE_MODE_WB, true);
}
