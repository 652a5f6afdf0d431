/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's page tables (arch/x86/mm/init.c, pgtable.c): one set, shared
 * by every CPU, walked by one function, lookup_address().
 */
#ifndef _ASM_X86_PGTABLE_H
#define _ASM_X86_PGTABLE_H

#include <linux/types.h>
#include <asm/page_cache_mode.h>
#include <asm/pgtable_types.h>
#include <linux/spinlock.h>

extern pteval_t *init_pgd;
extern phys_addr_t init_pgd_phys;
/* pages of each size in the direct map (Linux's name), for /proc/meminfo */
extern unsigned long direct_pages_count[PG_LEVEL_NUM];
/* the same right after boot, to check that splits are undone */
extern unsigned long direct_pages_boot[PG_LEVEL_NUM];

void paging_init(void);
/*
 * The entry that decides va's mapping and its level: a 4 KiB entry, a
 * large one, or the first entry found not present.  Never NULL.
 */
pteval_t *lookup_address(unsigned long va, enum pg_level *level);
pteval_t *lookup_entry_at(unsigned long va, enum pg_level level);
/* a zeroed page for page tables: memblock early, the buddy allocator later */
phys_addr_t pgtable_alloc_page(void);
void pgtable_free_page(phys_addr_t p);
extern long pgtable_nr_buddy;
/* true once pgtable pages come from the buddy allocator */
void pgtable_use_buddy(void);
/* /sys/kernel/debug/page_tables/kernel */
void ptdump_init(void);

/* map [va, va+size) to [pa, ...) with 2 MiB pages where alignment allows */
int vmap_range(unsigned long va, phys_addr_t pa, size_t size, pgprot_t prot);
void vunmap_range(unsigned long va, size_t size);
/* serializes every change of the kernel page tables (pageattr.c) */
extern spinlock_t cpa_lock;

/* cache modes as PTE bits, from the PAT in force (arch/x86/mm/pat/) */
pteval_t cachemode2protval(enum page_cache_mode pcm);
enum page_cache_mode pgprot2cachemode(pteval_t v);
pgprot_t pgprot_kernel_cachemode(enum page_cache_mode pcm);

static inline bool pt_entry_present(pteval_t v)
{
	return v & _PAGE_PRESENT;
}

static inline bool pt_entry_large(pteval_t v, enum pg_level level)
{
	return level > PG_LEVEL_4K && (v & _PAGE_PSE);
}

#endif /* _ASM_X86_PGTABLE_H */
