/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The early allocator: physical ranges of RAM (from the sanitised e820 map)
 * minus reserved ranges (the kernel image, the first page, firmware data).
 * It serves page tables and the struct page array before the buddy
 * allocator exists, then hands every free page over to it.
 */
#ifndef _CACHET_LINUX_MEMBLOCK_H
#define _CACHET_LINUX_MEMBLOCK_H

#include <linux/types.h>

#define MEMBLOCK_ALLOC_ANYWHERE	(~(phys_addr_t)0)

int memblock_add(phys_addr_t base, phys_addr_t size);
int memblock_reserve(phys_addr_t base, phys_addr_t size);
/**
 * memblock_phys_alloc_range() - reserve and return free RAM
 * @size: bytes
 * @align: power of two
 * @start: lowest acceptable address
 * @end: highest acceptable end (exclusive), or MEMBLOCK_ALLOC_ANYWHERE
 *
 * Returns the physical address (not zeroed), or 0 when nothing fits.
 */
phys_addr_t memblock_phys_alloc_range(phys_addr_t size, phys_addr_t align,
				      phys_addr_t start, phys_addr_t end);
phys_addr_t memblock_phys_alloc(phys_addr_t size, phys_addr_t align);
/* zeroed memory through the direct map; only after paging_init() */
void *memblock_alloc(phys_addr_t size, phys_addr_t align);
bool memblock_is_memory(phys_addr_t addr);
phys_addr_t memblock_end_of_DRAM(void);
/* iterate over free ranges: returns false at the end */
bool memblock_next_free(u64 *idx, phys_addr_t *start, phys_addr_t *end);
/* iterate over RAM ranges (reserved or not): returns false at the end */
bool memblock_next_mem(u64 *idx, phys_addr_t *start, phys_addr_t *end);

/* give back a reserved range; 0 or -ENOSPC */
int memblock_free(phys_addr_t base, phys_addr_t size);
bool memblock_is_reserved(phys_addr_t addr);
phys_addr_t memblock_phys_mem_size(void);
phys_addr_t memblock_reserved_size(void);
/* after this, memblock allocations fail: the buddy allocator owns RAM */
void memblock_retire(void);

#endif /* _CACHET_LINUX_MEMBLOCK_H */
