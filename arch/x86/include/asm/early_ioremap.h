/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Early, temporary mappings of firmware tables that are outside the direct
 * map (ACPI tables in reserved memory), on fixmap slots.  Write-back: only
 * for firmware tables.  Every mapping must be unmapped before the next
 * boot stage; later code uses ioremap_cache()/memremap() instead.
 */
#ifndef _ASM_X86_EARLY_IOREMAP_H
#define _ASM_X86_EARLY_IOREMAP_H

#include <linux/types.h>

/* NULL if the range is too big for the free slots, or size is 0/wraps */
void *early_memremap(phys_addr_t phys, unsigned long size);
void early_memunmap(void *addr, unsigned long size);
int copy_from_early_phys(void *dst, phys_addr_t phys, unsigned long size);

#endif
