// SPDX-License-Identifier: GPL-2.0
/*
 * PAT for user mappings of raw frames: the glue between remap_pfn_range()
 * and friends (mm/pfnmap.c) and the memtype reservations (memtype.c), with
 * Linux's rules and messages.
 *
 *  - A mapping of a whole VMA reserves its range (pfnmap_track()) with the
 *    mode asked; the mode granted may be another (an existing reservation
 *    of the range wins, WB becomes UC- where the MTRRs do not say WB), and
 *    the entries get it, unless is_new_memtype_allowed() refuses.
 *  - RAM is not reserved: a page keeps the mode set_memory_*() gave it,
 *    and a mapping asking another gets the page's, with a warning, as in
 *    Linux (which tracks RAM per page too).
 *  - A part of a VMA, or a frame inserted at fault time, only looks the
 *    mode up (pfnmap_setup_cachemode()): whoever set the range up
 *    reserved it (arch_io_reserve_memtype_wc(), io_mapping_create_wc()).
 *
 * Callers hold the space's mmap_lock (a spinlock): nothing here sleeps.
 * Reservations of non-RAM ranges never touch the direct map, which maps
 * RAM pages only, so unlike Linux there is no kernel mapping to sync.
 */
#define pr_fmt(fmt) "x86/PAT: " fmt

#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <asm/pat.h>
#include <asm/pfnmap.h>
#include "memtype.h"

/*
 * The owner pat_memtype_owners shows for user mappings: this function's
 * address, which mm/pfnmap.c's records name further (process, file).
 */
unsigned long pfnmap_owner_caller(void)
{
	return (unsigned long)pfnmap_track;
}

static int pfnmap_track_ram(u64 paddr, unsigned long size, pgprot_t *prot)
{
	enum page_cache_mode want = pgprot2cachemode(pgprot_val(*prot));
	enum page_cache_mode pcm;

	if (!pat_enabled())
		return 0;
	pcm = lookup_memtype(paddr);
	if (want != pcm) {
		pr_warn("%s:%d map pfn RAM range req %s for [mem %#010llx-%#010llx], got %s\n",
			current->comm, current->pid, cattr_name(want),
			(unsigned long long)paddr,
			(unsigned long long)(paddr + size - 1), cattr_name(pcm));
		*prot = pgprot_set_cachemode(*prot, pcm);
	}
	return 0;
}

/**
 * pfnmap_track() - reserve the frames a whole new mapping covers
 * @pfn: first frame
 * @size: bytes, page aligned
 * @prot: the protection asked for; its cache mode is set to the one
 *	  granted
 *
 * Linux 6.16's pfnmap_track() (6.1's reserve_pfn_range()).  Returns 0,
 * -EINVAL (bad or mixed range; a granted mode is_new_memtype_allowed()
 * refuses, with Linux's message), -EBUSY (conflicting memory types) or
 * -ENOMEM.  On error nothing stays reserved.
 */
int pfnmap_track(unsigned long pfn, unsigned long size, pgprot_t *prot)
{
	u64 paddr = (u64)pfn << PAGE_SHIFT, end = paddr + size;
	enum page_cache_mode want = pgprot2cachemode(pgprot_val(*prot));
	enum page_cache_mode pcm;
	int err;

	if (!size || end < paddr)
		return -EINVAL;
	if (memtype_classify(paddr, end) == MEMTYPE_RAM)
		return pfnmap_track_ram(paddr, size, prot);
	err = memtype_reserve_owner(paddr, end, want, 0, &pcm,
				    pfnmap_owner_caller());
	if (err)
		return err;
	if (pcm != want) {
		if (!is_new_memtype_allowed(paddr, size, want, pcm)) {
			memtype_free(paddr, end);
			pr_err("%s:%d map pfn expected mapping type %s for [mem %#010llx-%#010llx], got %s\n",
			       current->comm, current->pid, cattr_name(want),
			       (unsigned long long)paddr,
			       (unsigned long long)(end - 1), cattr_name(pcm));
			return -EINVAL;
		}
		*prot = pgprot_set_cachemode(*prot, pcm);
	}
	return 0;
}

/**
 * pfnmap_untrack() - release what pfnmap_track() reserved
 * @pfn: as tracked
 * @size: as tracked
 *
 * RAM was not reserved, so there is nothing to free there.
 */
void pfnmap_untrack(unsigned long pfn, unsigned long size)
{
	u64 paddr = (u64)pfn << PAGE_SHIFT;

	if (memtype_classify(paddr, paddr + size) != MEMTYPE_RAM)
		memtype_free(paddr, paddr + size);
}

/**
 * pfnmap_setup_cachemode() - the mode of frames mapped without reserving
 * @pfn: first frame
 * @size: bytes
 * @prot: gets the mode the frames are reserved with: a tracked range's,
 *	  UC- for an untracked non-RAM one, a RAM page's own
 *
 * Linux 6.16's: for a part of a VMA and for frames inserted at fault
 * time.  Returns 0, or -EINVAL when the frames do not share one mode
 * (@prot unchanged).  With PAT off @prot is left as it is.
 */
int pfnmap_setup_cachemode(unsigned long pfn, unsigned long size,
			   pgprot_t *prot)
{
	u64 paddr = (u64)pfn << PAGE_SHIFT;
	enum page_cache_mode pcm;
	unsigned long off;

	if (!pat_enabled())
		return 0;
	pcm = lookup_memtype(paddr);
	for (off = PAGE_SIZE; off < size; off += PAGE_SIZE)
		if (lookup_memtype(paddr + off) != pcm)
			return -EINVAL;
	*prot = pgprot_set_cachemode(*prot, pcm);
	return 0;
}

/**
 * phys_mem_access_prot_allowed() - the mode /dev/mem asks for
 * @file: the open /dev/mem
 * @pfn: first frame
 * @size: bytes
 * @vma_prot: gets UC- with O_SYNC, else WB
 *
 * Linux's x86 hook: the reservation then decides (an existing one wins,
 * WB becomes UC- where the MTRRs do not say WB).  Which ranges /dev/mem
 * may map at all (STRICT_DEVMEM) is its driver's check, made before.
 * Returns 1 (allowed).
 */
int phys_mem_access_prot_allowed(struct file *file, unsigned long pfn,
				 unsigned long size, pgprot_t *vma_prot)
{
	enum page_cache_mode pcm = _PAGE_CACHE_MODE_WB;

	if (file->f_flags & O_DSYNC)
		pcm = _PAGE_CACHE_MODE_UC_MINUS;
	*vma_prot = pgprot_set_cachemode(*vma_prot, pcm);
	return 1;
}

/**
 * arch_io_reserve_memtype_wc() - reserve a range WC for fault-time inserts
 * @start: physical address
 * @size: bytes
 *
 * For drivers whose fault handlers insert frames with
 * vmf_insert_pfn_prot(), which only looks the mode up: reserving first
 * makes that lookup answer WC (or UC- where a UC- reservation was
 * there).  Returns 0, -EBUSY when the mode granted is refused by
 * is_new_memtype_allowed() or conflicts, -EINVAL for a bad range.
 */
int arch_io_reserve_memtype_wc(resource_size_t start, resource_size_t size)
{
	enum page_cache_mode pcm;
	int err;

	err = memtype_reserve(start, start + size, _PAGE_CACHE_MODE_WC, &pcm);
	if (err)
		return err;
	if (!is_new_memtype_allowed(start, size, _PAGE_CACHE_MODE_WC, pcm)) {
		memtype_free(start, start + size);
		return -EBUSY;
	}
	return 0;
}

/**
 * arch_io_free_memtype_wc() - release arch_io_reserve_memtype_wc()'s range
 * @start: as reserved
 * @size: as reserved
 */
void arch_io_free_memtype_wc(resource_size_t start, resource_size_t size)
{
	memtype_free(start, start + size);
}
