// SPDX-License-Identifier: GPL-2.0
/*
 * set_memory_uc/wc/wt/wb(): the cache mode of RAM in the direct map.
 *
 * Reserve, apply, undo on failure: the pages' memtype is reserved first
 * (all or nothing, per page in struct page, see memtype.c), then CPA
 * changes the direct map and the kernel-image alias, then the range's
 * cache lines are written back and dropped, since lines cached under WB
 * must not outlive the change.  set_memory_wb() releases; the mapping of
 * each page then follows what is still reserved on it, so one user's
 * release cannot take a page from under another user of the same mode.
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

#define _RET_IP_	((unsigned long)__builtin_return_address(0))

/* [addr, addr + numpages pages) must be RAM in the direct map */
static int set_memory_check(unsigned long *addr, int numpages,
			    u64 *start, u64 *end)
{
	if (*addr & ~PAGE_MASK) {
		WARN_ONCE(1, "set_memory: misaligned address: %#lx\n", *addr);
		*addr &= PAGE_MASK;
	}
	if (numpages <= 0 || !virt_in_direct_map(*addr) ||
	    (unsigned long)numpages > (~0UL - *addr) >> PAGE_SHIFT ||
	    !virt_in_direct_map(*addr + ((unsigned long)numpages << PAGE_SHIFT) - 1))
		return -EINVAL;
	*start = __pa((void *)*addr);
	*end = *start + ((u64)numpages << PAGE_SHIFT);
	if (!e820__mapped_all(*start, *end, E820_TYPE_RAM))
		return -EINVAL;
	return 0;
}

static void set_memory_flush_caches(unsigned long addr, int numpages)
{
	unsigned long size = (unsigned long)numpages << PAGE_SHIFT;

	if (size > CPA_CLFLUSH_THRESHOLD)
		wbinvd_flush_all();
	else
		clflush_cache_range((void *)addr, size);
}

static int set_memory_cachemode(unsigned long addr, int numpages,
				enum page_cache_mode pcm, unsigned long caller)
{
	u64 start, end;
	int err;

	err = set_memory_check(&addr, numpages, &start, &end);
	if (err)
		return err;
	err = memtype_reserve_owner(start, end, pcm, NULL, caller);
	if (err)
		return err;
	err = change_page_attr_set_clr(addr, numpages, 0, 0, pcm);
	if (err) {
		memtype_free(start, end);
		return err;
	}
	set_memory_flush_caches(addr, numpages);
	return 0;
}

/**
 * set_memory_uc() - make direct-map RAM uncached (UC-, as in Linux)
 * @addr: direct-map address of the first page
 * @numpages: pages
 *
 * Returns 0, -EINVAL (not RAM in the direct map), -EBUSY (a page holds
 * another mode) or -ENOMEM.  Undo with set_memory_wb().
 */
int set_memory_uc(unsigned long addr, int numpages)
{
	return set_memory_cachemode(addr, numpages, _PAGE_CACHE_MODE_UC_MINUS,
				    _RET_IP_);
}

/**
 * set_memory_wc() - make direct-map RAM write-combining
 */
int set_memory_wc(unsigned long addr, int numpages)
{
	return set_memory_cachemode(addr, numpages, _PAGE_CACHE_MODE_WC,
				    _RET_IP_);
}

/**
 * set_memory_wt() - make direct-map RAM write-through
 */
int set_memory_wt(unsigned long addr, int numpages)
{
	return set_memory_cachemode(addr, numpages, _PAGE_CACHE_MODE_WT,
				    _RET_IP_);
}

/**
 * set_memory_wb() - release set_memory_uc/wc/wt() of direct-map RAM
 * @addr: as passed to set_memory_uc/wc/wt()
 * @numpages: as passed
 *
 * Each page goes back to WB when its last reservation is released.
 * Returns 0, or -EINVAL when the range is not RAM or holds no reservation
 * (then nothing changes).
 */
int set_memory_wb(unsigned long addr, int numpages)
{
	unsigned long va, run;
	u64 start, end;
	int err;

	err = set_memory_check(&addr, numpages, &start, &end);
	if (err)
		return err;
	err = memtype_free(start, end);
	if (err)
		return err;
	/* remap every run of pages that no one holds any more */
	for (va = addr; va < addr + ((unsigned long)numpages << PAGE_SHIFT);) {
		if (lookup_memtype(__pa((void *)va)) != _PAGE_CACHE_MODE_WB ||
		    pfn_to_page(PHYS_PFN(__pa((void *)va)))->memtype_refs) {
			va += PAGE_SIZE;
			continue;
		}
		for (run = va + PAGE_SIZE;
		     run < addr + ((unsigned long)numpages << PAGE_SHIFT) &&
		     !pfn_to_page(PHYS_PFN(__pa((void *)run)))->memtype_refs;
		     run += PAGE_SIZE)
			;
		/* only leaf rewrites and merges: this cannot fail */
		WARN_ON(change_page_attr_set_clr(va, (run - va) >> PAGE_SHIFT, 0,
						 0, _PAGE_CACHE_MODE_WB));
		va = run;
	}
	return 0;
}

int set_pages_uc(struct page *page, int numpages)
{
	return set_memory_uc((unsigned long)page_address(page), numpages);
}

int set_pages_wb(struct page *page, int numpages)
{
	return set_memory_wb((unsigned long)page_address(page), numpages);
}

static bool set_memory_page_reserved(unsigned long addr)
{
	u64 start, end;

	return !set_memory_check(&addr, 1, &start, &end) &&
	       pfn_to_page(PHYS_PFN(start))->memtype_refs;
}

/*
 * All or nothing: a reservation that fails undoes the pages done so far;
 * a release checks every page first, since releasing cannot be undone.
 */
static int set_memory_array(unsigned long *addr, int n,
			    enum page_cache_mode pcm, unsigned long caller)
{
	int i, err = 0;

	if (n <= 0)
		return -EINVAL;
	if (pcm == _PAGE_CACHE_MODE_WB) {
		for (i = 0; i < n; i++)
			if (!set_memory_page_reserved(addr[i]))
				return -EINVAL;
		for (i = 0; i < n; i++)
			WARN_ON(set_memory_wb(addr[i], 1));
		return 0;
	}
	for (i = 0; i < n; i++) {
		err = set_memory_cachemode(addr[i], 1, pcm, caller);
		if (err)
			break;
	}
	if (err)
		while (i-- > 0)
			set_memory_wb(addr[i], 1);
	return err;
}

int set_memory_array_uc(unsigned long *addr, int numpages)
{
	return set_memory_array(addr, numpages, _PAGE_CACHE_MODE_UC_MINUS,
				_RET_IP_);
}

int set_memory_array_wc(unsigned long *addr, int numpages)
{
	return set_memory_array(addr, numpages, _PAGE_CACHE_MODE_WC, _RET_IP_);
}

int set_memory_array_wb(unsigned long *addr, int numpages)
{
	return set_memory_array(addr, numpages, _PAGE_CACHE_MODE_WB, _RET_IP_);
}
