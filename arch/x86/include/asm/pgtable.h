/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's page tables: one set, shared by every CPU (built by
 * arch/x86/mm/init.c, walked and mapped by pgtable.c, changed only through
 * page-table transactions, asm/pgtable_txn.h).
 */
#ifndef _ASM_X86_PGTABLE_H
#define _ASM_X86_PGTABLE_H

#include <linux/types.h>
/* cache modes as PTE bits: cachemode2protval() and the PAT-bit move */
#include <asm/page_cache_mode.h>
#include <asm/pgtable_types.h>

/*
 * The PTE bits this CPU implements (Linux's name): all but _PAGE_NX when
 * the CPU has no NX, where bit 63 is reserved and a present entry with it
 * set faults.  Every leaf entry is masked with it when written
 * (pt_supported()), so no caller needs to know.
 */
extern pteval_t __supported_pte_mask;
void x86_configure_nx(void);
void x86_report_nx(void);

/* Linux's massage_pgprot(): a present entry keeps only supported bits */
static inline pteval_t pt_supported(pteval_t v)
{
	return (v & _PAGE_PRESENT) ? v & __supported_pte_mask : v;
}

extern pteval_t *init_pgd;
extern phys_addr_t init_pgd_phys;
/* pages of each size in the direct map (Linux's name), for /proc/meminfo */
extern unsigned long direct_pages_count[PG_LEVEL_NUM];
/* the same right after boot, to check that splits are undone */
extern unsigned long direct_pages_boot[PG_LEVEL_NUM];

/* what an upper-level entry pointing to a table holds: the leaf decides */
#define _PAGE_TABLE	(_PAGE_PRESENT | _PAGE_RW | _PAGE_ACCESSED | _PAGE_DIRTY)

void paging_init(void);
/*
 * The entry that decides va's mapping and its level: a 4 KiB entry, a
 * large one, or the first entry found not present.  Never NULL.  Only
 * inside a page-table transaction; outside one, pt_read_entry() copies it.
 */
pteval_t *lookup_address(unsigned long va, enum pg_level *level);
pteval_t *lookup_entry_at(unsigned long va, enum pg_level level);
pteval_t pt_read_entry(unsigned long va, enum pg_level *level);
/* a page-table page's contents by physical address */
pteval_t *pt_virt(phys_addr_t p);
/* a zeroed page for page tables: memblock early, the buddy allocator later */
phys_addr_t pgtable_alloc_page(void);
void pgtable_free_page(phys_addr_t p);
extern long pgtable_nr_buddy;
/* true once pgtable pages come from the buddy allocator */
void pgtable_use_buddy(void);
bool pgtable_can_free(void);
/* paging_init() only: build the tables, then say they are live */
int pt_build_map(unsigned long va, phys_addr_t pa, enum pg_level level,
		 pteval_t prot);
void pgtable_switched(void);
/* /sys/kernel/debug/page_tables/kernel */
void ptdump_init(void);

/* map [va, va+size) to [pa, ...) with 2 MiB pages where alignment allows */
int vmap_range(unsigned long va, phys_addr_t pa, size_t size, pgprot_t prot);
void vunmap_range(unsigned long va, size_t size);

static inline bool pt_entry_present(pteval_t v)
{
	return v & _PAGE_PRESENT;
}

static inline bool pt_entry_large(pteval_t v, enum pg_level level)
{
	return level > PG_LEVEL_4K && (v & _PAGE_PSE);
}

/* a leaf of @level mapping @pa with 4 KiB-format @prot, as this CPU can */
static inline pteval_t pt_leaf_entry(phys_addr_t pa, enum pg_level level,
				     pteval_t prot)
{
	if (level == PG_LEVEL_4K)
		return pt_supported(pa | prot);
	return pt_supported(pa | protval_4k_2_large(prot) | _PAGE_PSE);
}

#endif /* _ASM_X86_PGTABLE_H */
