/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Address conversions.  __va() is the direct map and is valid only for RAM
 * once paging_init() has built it (reserved and hole ranges are not mapped
 * there on purpose).  __pa() accepts direct-map and kernel-image addresses.
 */
#ifndef _ASM_X86_PAGE_H
#define _ASM_X86_PAGE_H

#include <linux/types.h>
#include <asm/page_types.h>

#define PAGE_ALIGN(x)	(((x) + PAGE_SIZE - 1) & PAGE_MASK)
#define PFN_UP(x)	(((x) + PAGE_SIZE - 1) >> PAGE_SHIFT)
#define PFN_DOWN(x)	((x) >> PAGE_SHIFT)
#define PFN_PHYS(x)	((phys_addr_t)(x) << PAGE_SHIFT)
#define PHYS_PFN(x)	((unsigned long)((x) >> PAGE_SHIFT))

static inline phys_addr_t __pa(const volatile void *v)
{
	unsigned long x = (unsigned long)v;

	if (x >= __START_KERNEL_map)
		return x - __START_KERNEL_map;
	return x - __PAGE_OFFSET;
}

#define __va(p)		((void *)((unsigned long)(p) + __PAGE_OFFSET))
#define __pa_symbol(x)	((phys_addr_t)((unsigned long)(x) - __START_KERNEL_map))

static inline bool virt_in_direct_map(unsigned long v)
{
	return v >= __PAGE_OFFSET && v < __PAGE_OFFSET + DIRECT_MAP_SIZE;
}

#endif /* _ASM_X86_PAGE_H */
