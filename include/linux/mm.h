/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Page frames and their struct pages (mm/page_alloc.c).  mem_map covers
 * pfn 0 .. max_pfn - 1, i.e. every frame up to the end of RAM; frames that
 * are not RAM have a struct page marked PG_reserved, so pfn_valid() says
 * "has a struct page", not "is RAM" (ask e820__is_ram() for that).
 */
#ifndef _CACHET_LINUX_MM_H
#define _CACHET_LINUX_MM_H

#include <linux/gfp.h>
#include <linux/mm_types.h>
#include <asm/page.h>

extern struct page *mem_map;
extern unsigned long max_pfn;

static inline bool pfn_valid(unsigned long pfn)
{
	return pfn < max_pfn;
}

static inline struct page *pfn_to_page(unsigned long pfn)
{
	return mem_map + pfn;
}

static inline unsigned long page_to_pfn(const struct page *page)
{
	return (unsigned long)(page - mem_map);
}

static inline phys_addr_t page_to_phys(const struct page *page)
{
	return PFN_PHYS(page_to_pfn(page));
}

/* only for direct-map addresses (kmalloc, __get_free_pages, __va) */
static inline struct page *virt_to_page(const void *addr)
{
	return pfn_to_page(PHYS_PFN(__pa(addr)));
}

static inline void *page_address(const struct page *page)
{
	return __va(page_to_phys(page));
}

static inline bool page_flag(const struct page *page, enum pageflags f)
{
	return page->flags & (1UL << f);
}

static inline void set_page_flag(struct page *page, enum pageflags f)
{
	page->flags |= 1UL << f;
}

static inline void clear_page_flag(struct page *page, enum pageflags f)
{
	page->flags &= ~(1UL << f);
}

#define PageReserved(p)	page_flag(p, PG_reserved)
#define PageBuddy(p)	page_flag(p, PG_buddy)
#define PageSlab(p)	page_flag(p, PG_slab)

/* Linux's get_order() */
static inline unsigned int get_order(unsigned long size)
{
	return buddy_order_for_size(size, PAGE_SHIFT);
}

/* hand a page reserved at boot (memblock) over to the buddy allocator */
void free_reserved_page(struct page *page);

/* build the struct page array and the buddy allocator; after paging_init */
void mem_init(void);
/* /proc/meminfo and /proc/vmallocinfo; after vfile_init() */
void mm_proc_init(void);

#endif /* _CACHET_LINUX_MM_H */
