/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The page allocator's interface (mm/page_alloc.c).  Nothing here sleeps:
 * the kernel has no scheduler to wait with, so GFP_KERNEL and GFP_ATOMIC
 * differ only in what they tell a reader about the caller.
 */
#ifndef _CACHET_LINUX_GFP_H
#define _CACHET_LINUX_GFP_H

#include <linux/types.h>
#include <linux/buddy.h>

typedef unsigned int gfp_t;

#define __GFP_ZERO	0x1u	/* clear the memory */
#define __GFP_NOWARN	0x2u	/* no message when it fails */
#define __GFP_ATOMIC	0x4u	/* caller may hold locks / have IRQs off */

#define GFP_KERNEL	0u
#define GFP_ATOMIC	__GFP_ATOMIC
#define GFP_NOWAIT	__GFP_ATOMIC

struct page;

struct page *alloc_pages(gfp_t gfp, unsigned int order);
void __free_pages(struct page *page, unsigned int order);
unsigned long __get_free_pages(gfp_t gfp, unsigned int order);
unsigned long get_zeroed_page(gfp_t gfp);
void free_pages(unsigned long addr, unsigned int order);

#define alloc_page(gfp)		alloc_pages(gfp, 0)
#define __get_free_page(gfp)	__get_free_pages(gfp, 0)
#define __free_page(page)	__free_pages(page, 0)
#define free_page(addr)		free_pages(addr, 0)

/* pages handed to the buddy allocator at boot, and free now */
unsigned long totalram_pages(void);
unsigned long nr_free_pages(void);
/* free blocks of each order, for tests and debugging */
unsigned long nr_free_blocks(unsigned int order);

/*
 * Fault injection, for tests of failure paths (CPA splits, vmalloc):
 * after @n more successful page allocations, every allocation fails
 * until fail_page_alloc_after(-1) disarms it.
 */
void fail_page_alloc_after(long n);
bool should_fail_alloc(void);
unsigned long fail_page_alloc_injected(void);

#endif /* _CACHET_LINUX_GFP_H */
