// SPDX-License-Identifier: GPL-2.0
/*
 * The buddy page allocator: every page of RAM that memblock did not hand
 * out at boot, in free blocks of 2^order pages (order 0..MAX_ORDER), one
 * free list per order.  Allocation takes the smallest block that fits and
 * splits off the unused halves; freeing merges a block with its buddy for
 * as long as the buddy is free and of the same order.  The arithmetic is
 * in include/linux/buddy.h (host-tested).
 *
 * A free block is marked on its first struct page only: PG_buddy plus
 * page->order.  That is enough to decide a merge, because a free block's
 * other pages are never looked at.
 *
 * One zone, one IRQ-safe lock (zone_lock): allocations come from page
 * faults and interrupt handlers in later work, and CPA allocates
 * page-table pages with interrupts off.
 *
 * A page that was a kernel page table comes back stamped with the
 * generation of its unlink (PG_pt_stamped, asm/pgtable_txn.h); a free
 * block keeps the newest stamp of its pages on its head.  Such a block is
 * handed out only once every online CPU has flushed its TLB since
 * (pt_table_reusable()): earlier, a CPU could still walk the page through
 * its paging-structure caches while its new owner writes it.  The page
 * tables never free a page that early; if they did, the allocator warns,
 * counts the refusal in pt_txn_stats and takes another block.
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/printk.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <asm/pgtable.h>
#include <asm/pgtable_txn.h>

struct page *mem_map;
unsigned long max_pfn;

static DEFINE_SPINLOCK(zone_lock);
static struct list_head free_area[NR_PAGE_ORDERS];
static unsigned long free_blocks[NR_PAGE_ORDERS];
static unsigned long zone_free_pages;
static unsigned long zone_managed_pages;

/* fault injection: < 0 disarmed, else successes left before failing */
static long fail_after = -1;
static unsigned long fail_injected;

/* the newer of two unlink generations, 0 meaning none */
static u32 newer_gen(u32 a, u32 b)
{
	if (!a || !b)
		return a | b;
	return (s32)(a - b) > 0 ? a : b;
}

/* a block head's stamp, taken off it; 0 if it has none */
static u32 take_gen(struct page *page)
{
	if (!page_flag(page, PG_pt_stamped))
		return 0;
	clear_page_flag(page, PG_pt_stamped);
	return page->pt_gen;
}

static void put_gen(struct page *page, u32 gen)
{
	if (!gen)
		return;
	page->pt_gen = gen;
	set_page_flag(page, PG_pt_stamped);
}

/* zone_lock held; @gen: the unlink stamp the block carries, or 0 */
static void buddy_free_block(unsigned long pfn, unsigned int order, u32 gen)
{
	struct page *page;

	while (order < MAX_ORDER) {
		unsigned long b = buddy_pfn(pfn, order);
		struct page *bp;

		if (!pfn_valid(b))
			break;
		bp = pfn_to_page(b);
		if (!PageBuddy(bp) || bp->order != order)
			break;
		list_del(&bp->lru);
		clear_page_flag(bp, PG_buddy);
		gen = newer_gen(gen, take_gen(bp));
		free_blocks[order]--;
		pfn = buddy_parent_pfn(pfn, order);
		order++;
	}
	page = pfn_to_page(pfn);
	take_gen(page);
	put_gen(page, gen);
	set_page_flag(page, PG_buddy);
	page->order = order;
	list_add(&page->lru, &free_area[order]);
	free_blocks[order]++;
}

/*
 * zone_lock held: the first block of @order that may be handed out; a
 * block still reachable through some CPU's paging-structure caches is
 * refused (see the top of the file).
 */
static struct page *buddy_first_usable(unsigned int order)
{
	struct page *page;

	list_for_each_entry(page, &free_area[order], lru) {
		if (!page_flag(page, PG_pt_stamped) ||
		    pt_table_reusable(page->pt_gen))
			return page;
		pt_txn_stats.refused++;
		WARN_ONCE(1, "page allocator: page-table page %#llx freed before every CPU flushed (gen %u)\n",
			  (unsigned long long)page_to_phys(page), page->pt_gen);
	}
	return NULL;
}

/* zone_lock held: the block of exactly @order, split from a bigger one */
static struct page *buddy_take_block(unsigned int order)
{
	struct page *page = NULL;
	unsigned int o;

	for (o = order; o <= MAX_ORDER && !page; o++)
		page = buddy_first_usable(o);
	if (!page)
		return NULL;
	o--;
	list_del(&page->lru);
	clear_page_flag(page, PG_buddy);
	take_gen(page);
	free_blocks[o]--;
	/* give back the upper half at each level down */
	while (o > order) {
		struct page *half;

		o--;
		half = page + (1UL << o);
		set_page_flag(half, PG_buddy);
		half->order = o;
		list_add(&half->lru, &free_area[o]);
		free_blocks[o]++;
	}
	return page;
}

/* zone_lock held */
static bool __should_fail_alloc(void)
{
	if (fail_after < 0)
		return false;
	if (fail_after > 0) {
		fail_after--;
		return false;
	}
	fail_injected++;
	return true;
}

/**
 * should_fail_alloc() - consume one step of the injected-failure countdown
 *
 * Returns true when this allocation is to fail.  alloc_pages() calls it;
 * other allocators may too, to share one countdown.
 */
bool should_fail_alloc(void)
{
	unsigned long flags;
	bool fail;

	spin_lock_irqsave(&zone_lock, flags);
	fail = __should_fail_alloc();
	spin_unlock_irqrestore(&zone_lock, flags);
	return fail;
}

/**
 * fail_page_alloc_after() - make page allocations fail, for tests
 * @n: successful allocations still allowed; negative disarms
 *
 * Once the countdown reaches zero every allocation fails until disarmed,
 * so a caller that retries cannot slip past the injected failure.
 */
void fail_page_alloc_after(long n)
{
	unsigned long flags;

	spin_lock_irqsave(&zone_lock, flags);
	fail_after = n;
	spin_unlock_irqrestore(&zone_lock, flags);
}

/* failures injected since boot, so a test can see that its hook fired */
unsigned long fail_page_alloc_injected(void)
{
	return READ_ONCE(fail_injected);
}

/**
 * alloc_pages() - allocate 2^@order physically contiguous pages
 * @gfp: GFP_KERNEL or GFP_ATOMIC, optionally | __GFP_ZERO, __GFP_NOWARN
 * @order: 0..MAX_ORDER
 *
 * Returns the first page's struct page with a reference count of 1, or
 * NULL.  The block is aligned to its size.
 */
struct page *alloc_pages(gfp_t gfp, unsigned int order)
{
	struct page *page = NULL;
	unsigned long flags;
	bool injected = false;

	if (order > MAX_ORDER)
		goto fail;
	spin_lock_irqsave(&zone_lock, flags);
	injected = __should_fail_alloc();
	if (!injected)
		page = buddy_take_block(order);
	if (page)
		zone_free_pages -= 1UL << order;
	spin_unlock_irqrestore(&zone_lock, flags);
	if (!page)
		goto fail;

	page->order = order;
	page->refcount = 1;
	if (order)
		set_page_flag(page, PG_head);
	if (gfp & __GFP_ZERO)
		memset(page_address(page), 0, PAGE_SIZE << order);
	return page;

fail:
	if (!injected && !(gfp & __GFP_NOWARN))
		pr_warn("page allocation failure: order:%u, free pages %lu\n",
			order, nr_free_pages());
	return NULL;
}

/**
 * __free_pages() - drop a reference to pages from alloc_pages()
 * @page: the first page
 * @order: the order they were allocated with
 *
 * The block returns to the allocator when its last reference goes.
 * Freeing a free, reserved or mis-sized block is a caller bug: it warns
 * and leaks rather than corrupt the free lists.
 */
void __free_pages(struct page *page, unsigned int order)
{
	unsigned long flags;

	u32 gen;

	if (WARN_ON_ONCE(PageBuddy(page) || PageReserved(page) ||
			 page_count(page) <= 0 || page->order != order))
		return;
	/* user pages are shared by address spaces with separate locks */
	if (__atomic_sub_fetch(&page->refcount, 1, __ATOMIC_ACQ_REL))
		return;
	gen = take_gen(page);
	page->flags &= ~((1UL << PG_head) | (1UL << PG_large_kmalloc) |
			 (1UL << PG_vmalloc));
	WARN_ON_ONCE(page->flags);

	spin_lock_irqsave(&zone_lock, flags);
	buddy_free_block(page_to_pfn(page), order, gen);
	zone_free_pages += 1UL << order;
	spin_unlock_irqrestore(&zone_lock, flags);
}

/**
 * __get_free_pages() - allocate pages, return their direct-map address
 * @gfp: as for alloc_pages()
 * @order: 0..MAX_ORDER
 *
 * Returns the address, or 0.
 */
unsigned long __get_free_pages(gfp_t gfp, unsigned int order)
{
	struct page *page = alloc_pages(gfp, order);

	return page ? (unsigned long)page_address(page) : 0;
}

/**
 * get_zeroed_page() - one zeroed page, by direct-map address
 * @gfp: GFP_KERNEL or GFP_ATOMIC
 *
 * Returns the address, or 0.
 */
unsigned long get_zeroed_page(gfp_t gfp)
{
	return __get_free_pages(gfp | __GFP_ZERO, 0);
}

/**
 * free_pages() - free pages by the address __get_free_pages() returned
 * @addr: the address; 0 is ignored
 * @order: the allocation's order
 */
void free_pages(unsigned long addr, unsigned int order)
{
	if (addr)
		__free_pages(virt_to_page((void *)addr), order);
}

/**
 * free_reserved_page() - give a page memblock handed out to the allocator
 * @page: a PG_reserved page of RAM that its boot-time owner is done with
 *
 * For memory allocated before mem_init() (early page tables, say) that
 * is released later; __free_pages() refuses reserved pages on purpose.
 */
void free_reserved_page(struct page *page)
{
	unsigned long flags;
	u32 gen;

	if (WARN_ON_ONCE(!PageReserved(page) ||
			 !memblock_is_memory(page_to_phys(page))))
		return;
	gen = take_gen(page);
	page->flags = 0;
	page->refcount = 0;
	spin_lock_irqsave(&zone_lock, flags);
	buddy_free_block(page_to_pfn(page), 0, gen);
	zone_free_pages++;
	zone_managed_pages++;
	spin_unlock_irqrestore(&zone_lock, flags);
}

unsigned long totalram_pages(void)
{
	return READ_ONCE(zone_managed_pages);
}

unsigned long nr_free_pages(void)
{
	return READ_ONCE(zone_free_pages);
}

unsigned long nr_free_blocks(unsigned int order)
{
	return order <= MAX_ORDER ? READ_ONCE(free_blocks[order]) : 0;
}

/* hand [start, end) of free memblock memory to the free lists */
static unsigned long __init_free_range(phys_addr_t start, phys_addr_t end)
{
	unsigned long pfn = PFN_UP(start), last = PFN_DOWN(end), n = 0;

	while (pfn < last) {
		unsigned int order = buddy_max_block_order(pfn, last,
							   MAX_ORDER);
		unsigned long i;

		for (i = 0; i < (1UL << order); i++) {
			pfn_to_page(pfn + i)->flags = 0;
			pfn_to_page(pfn + i)->refcount = 0;
		}
		buddy_free_block(pfn, order, 0);
		pfn += 1UL << order;
		n += 1UL << order;
	}
	return n;
}

/**
 * mem_init() - build mem_map and give every free page to the allocator
 *
 * Needs paging_init(): the struct page array is written through the
 * direct map.  Closes memblock and switches page-table allocation to the
 * buddy allocator, so from here on no page has two owners.
 */
void mem_init(void)
{
	phys_addr_t map_phys, start, end;
	unsigned long pfn, flags;
	size_t map_size;
	u64 cursor = 0;
	unsigned int o;

	max_pfn = PFN_DOWN(memblock_end_of_DRAM());
	map_size = PAGE_ALIGN(max_pfn * sizeof(struct page));
	map_phys = memblock_phys_alloc(map_size, PAGE_SIZE);
	if (!map_phys)
		panic("mm: no %zu KiB for the struct page array", map_size >> 10);
	mem_map = __va(map_phys);

	/* every frame starts reserved; free ranges are released below */
	for (pfn = 0; pfn < max_pfn; pfn++) {
		struct page *p = &mem_map[pfn];

		p->flags = 1UL << PG_reserved;
		INIT_LIST_HEAD(&p->lru);
		p->refcount = 1;
		p->order = 0;
		p->slab_class = 0;
		p->slab_inuse = 0;
		p->slab_free = SLAB_FREE_NONE;
		p->memtype = _PAGE_CACHE_MODE_WB;
		p->__pad = 0;
		p->memtype_refs = 0;
	}
	for (o = 0; o <= MAX_ORDER; o++)
		INIT_LIST_HEAD(&free_area[o]);

	spin_lock_irqsave(&zone_lock, flags);
	while (memblock_next_free(&cursor, &start, &end))
		zone_managed_pages += __init_free_range(start, end);
	zone_free_pages = zone_managed_pages;
	spin_unlock_irqrestore(&zone_lock, flags);
	memblock_retire();
	pgtable_use_buddy();

	pr_info("mm: mem_map: %lu pages, %zu KiB at %#llx\n", max_pfn,
		map_size >> 10, (unsigned long long)map_phys);
	pr_info("Memory: %luK/%luK available (%luK reserved)\n",
		zone_managed_pages << (PAGE_SHIFT - 10),
		(unsigned long)(memblock_phys_mem_size() >> 10),
		(unsigned long)(memblock_phys_mem_size() >> 10) -
		(zone_managed_pages << (PAGE_SHIFT - 10)));
}
