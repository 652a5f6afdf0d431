/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The arithmetic of the buddy allocator (mm/page_alloc.c), pure so the
 * host unit tests check exactly what the kernel runs.
 *
 * A block of order k is 2^k pages starting at a pfn that is a multiple of
 * 2^k.  Its buddy is the other half of the order k + 1 block containing
 * it: flip bit k of the pfn.  Two free buddies of equal order merge; the
 * merged block starts at the lower pfn, i.e. with bit k cleared.
 */
#ifndef _CACHET_LINUX_BUDDY_H
#define _CACHET_LINUX_BUDDY_H

#include <linux/types.h>

/* orders 0..MAX_ORDER inclusive: up to 4 MiB blocks */
#define MAX_ORDER		10
#define NR_PAGE_ORDERS		(MAX_ORDER + 1)
#define MAX_ORDER_NR_PAGES	(1UL << MAX_ORDER)

static inline unsigned long buddy_pfn(unsigned long pfn, unsigned int order)
{
	return pfn ^ (1UL << order);
}

/* the block of order + 1 that @pfn's order-@order block belongs to */
static inline unsigned long buddy_parent_pfn(unsigned long pfn,
					     unsigned int order)
{
	return pfn & ~(1UL << order);
}

/**
 * buddy_order_for_pages() - smallest order holding @nr pages
 * @nr: pages, >= 1
 *
 * May exceed MAX_ORDER: the caller decides whether that is an error.
 */
static inline unsigned int buddy_order_for_pages(unsigned long nr)
{
	unsigned int order = 0;

	while ((1UL << order) < nr)
		order++;
	return order;
}

/* Linux's get_order(): smallest order whose block holds @size bytes */
static inline unsigned int buddy_order_for_size(unsigned long size,
						unsigned int page_shift)
{
	if (size <= (1UL << page_shift))
		return 0;
	return buddy_order_for_pages((size + (1UL << page_shift) - 1) >>
				     page_shift);
}

/**
 * buddy_max_block_order() - largest block starting at @pfn inside @end
 * @pfn: first page frame
 * @end: end pfn, exclusive, > @pfn
 * @max_order: cap
 *
 * The order is bounded by @pfn's alignment and by the pages left, so
 * feeding a free range to the allocator one maximal block at a time
 * covers it exactly, with O(log n) blocks.
 */
static inline unsigned int buddy_max_block_order(unsigned long pfn,
						 unsigned long end,
						 unsigned int max_order)
{
	unsigned int order = 0;

	while (order < max_order &&
	       !(pfn & ((2UL << order) - 1)) &&
	       pfn + (2UL << order) <= end)
		order++;
	return order;
}

#endif /* _CACHET_LINUX_BUDDY_H */
