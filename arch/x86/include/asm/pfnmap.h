/* SPDX-License-Identifier: GPL-2.0 */
/*
 * PAT for mappings of raw page frames into user space (Linux's names):
 * the cache mode a remap_pfn_range() or a fault handler's
 * vmf_insert_pfn_prot() puts in the entries, the reservation behind a
 * whole mapping, and the reservations of drivers that insert frames at
 * fault time.  Implemented in arch/x86/mm/pat/pfnmap.c (glue) and
 * pfnmap_rules.c (pure); the tracking that shares one reservation between
 * the VMAs of a mapping is mm/pfnmap.c's.  Documentation/x86/pat.rst,
 * "User mappings".
 */
#ifndef _ASM_X86_PFNMAP_H
#define _ASM_X86_PFNMAP_H

#include <linux/types.h>
#include <asm/page_cache_mode.h>
#include <asm/page_types.h>
#include <asm/pgtable_types.h>

struct file;

/* @prot with its cache mode replaced by @pcm's bits in the tables in force */
static inline pgprot_t pgprot_set_cachemode(pgprot_t prot,
					    enum page_cache_mode pcm)
{
	return __pgprot((pgprot_val(prot) & ~_PAGE_CACHE_MASK) |
			cachemode2protval(pcm));
}

/* Linux's: what a driver asks for in its ->mmap() */
static inline pgprot_t pgprot_writecombine(pgprot_t prot)
{
	return pgprot_set_cachemode(prot, _PAGE_CACHE_MODE_WC);
}

static inline pgprot_t pgprot_noncached(pgprot_t prot)
{
	return pgprot_set_cachemode(prot, _PAGE_CACHE_MODE_UC_MINUS);
}

/* the ISA range, never tracked: always WB (Linux's is_ISA_range()) */
#define PFNMAP_ISA_START	0xa0000ULL
#define PFNMAP_ISA_END		0x100000ULL

bool is_new_memtype_allowed(u64 paddr, unsigned long size,
			    enum page_cache_mode pcm,
			    enum page_cache_mode new_pcm);

int pfnmap_track(unsigned long pfn, unsigned long size, pgprot_t *prot);
void pfnmap_untrack(unsigned long pfn, unsigned long size);
int pfnmap_setup_cachemode(unsigned long pfn, unsigned long size,
			   pgprot_t *prot);

static inline void pfnmap_setup_cachemode_pfn(unsigned long pfn,
					      pgprot_t *prot)
{
	pfnmap_setup_cachemode(pfn, PAGE_SIZE, prot);
}

int phys_mem_access_prot_allowed(struct file *file, unsigned long pfn,
				 unsigned long size, pgprot_t *vma_prot);
int arch_io_reserve_memtype_wc(resource_size_t start, resource_size_t size);
void arch_io_free_memtype_wc(resource_size_t start, resource_size_t size);

#endif /* _ASM_X86_PFNMAP_H */
