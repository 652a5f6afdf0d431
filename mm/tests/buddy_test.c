// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite mm_buddy: the page allocator against its own counters.
 * Suites run with nothing else allocating, so after a test frees what it
 * took, the free count and the free blocks of every order must be exactly
 * as before: that is what proves coalescing works.
 */
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/string.h>

struct buddy_snapshot {
	unsigned long free;
	unsigned long blocks[NR_PAGE_ORDERS];
};

static void buddy_snap(struct buddy_snapshot *s)
{
	unsigned int o;

	s->free = nr_free_pages();
	for (o = 0; o <= MAX_ORDER; o++)
		s->blocks[o] = nr_free_blocks(o);
}

static void expect_same(struct ktest *t, const struct buddy_snapshot *a)
{
	struct buddy_snapshot b;
	unsigned int o;

	buddy_snap(&b);
	KTEST_EXPECT_EQ(t, b.free, a->free);
	for (o = 0; o <= MAX_ORDER; o++)
		KTEST_EXPECT_EQ(t, b.blocks[o], a->blocks[o]);
}

static void test_every_order(struct ktest *t)
{
	struct buddy_snapshot s;
	unsigned int o;

	buddy_snap(&s);
	for (o = 0; o <= MAX_ORDER; o++) {
		struct page *p = alloc_pages(GFP_KERNEL, o);

		KTEST_ASSERT_TRUE(t, p != NULL);
		KTEST_EXPECT_EQ(t, page_to_pfn(p) & ((1UL << o) - 1), 0);
		KTEST_EXPECT_EQ(t, p->refcount, 1);
		KTEST_EXPECT_FALSE(t, PageBuddy(p) || PageReserved(p));
		KTEST_EXPECT_EQ(t, nr_free_pages(), s.free - (1UL << o));
		__free_pages(p, o);
		KTEST_EXPECT_EQ(t, nr_free_pages(), s.free);
	}
	KTEST_EXPECT_TRUE(t, alloc_pages(GFP_KERNEL | __GFP_NOWARN,
					 MAX_ORDER + 1) == NULL);
	expect_same(t, &s);
}

/* many small allocations split big blocks; freeing must merge them back */
static void test_coalescing(struct ktest *t)
{
	static unsigned long addr[300];
	struct buddy_snapshot s;
	unsigned int i;

	buddy_snap(&s);
	for (i = 0; i < ARRAY_SIZE(addr); i++) {
		addr[i] = __get_free_pages(GFP_KERNEL, i % 3);
		KTEST_ASSERT_TRUE(t, addr[i] != 0);
	}
	/* free odd ones first, so merges happen out of allocation order */
	for (i = 1; i < ARRAY_SIZE(addr); i += 2)
		free_pages(addr[i], i % 3);
	for (i = 0; i < ARRAY_SIZE(addr); i += 2)
		free_pages(addr[i], i % 3);
	expect_same(t, &s);
}

static void test_conversions(struct ktest *t)
{
	struct page *p = alloc_page(GFP_KERNEL);
	void *v;

	KTEST_ASSERT_TRUE(t, p != NULL);
	v = page_address(p);
	KTEST_EXPECT_TRUE(t, virt_to_page(v) == p);
	KTEST_EXPECT_TRUE(t, virt_to_page((char *)v + PAGE_SIZE - 1) == p);
	KTEST_EXPECT_TRUE(t, pfn_to_page(page_to_pfn(p)) == p);
	KTEST_EXPECT_EQ(t, __pa(v), page_to_phys(p));
	KTEST_EXPECT_TRUE(t, pfn_valid(page_to_pfn(p)));
	KTEST_EXPECT_FALSE(t, pfn_valid(max_pfn));
	KTEST_EXPECT_EQ(t, get_order(1), 0);
	KTEST_EXPECT_EQ(t, get_order(PAGE_SIZE + 1), 1);
	KTEST_EXPECT_EQ(t, get_order(4UL << 20), MAX_ORDER);
	__free_page(p);
}

static void test_zeroing(struct ktest *t)
{
	unsigned long a = __get_free_pages(GFP_KERNEL, 1), b;
	unsigned int i;
	bool zero = true;

	KTEST_ASSERT_TRUE(t, a != 0);
	memset((void *)a, 0xa5, 2 * PAGE_SIZE);
	free_pages(a, 1);
	/* the free lists are LIFO: this very block comes back, dirty */
	b = __get_free_pages(GFP_KERNEL | __GFP_ZERO, 1);
	KTEST_ASSERT_TRUE(t, b != 0);
	for (i = 0; i < 2 * PAGE_SIZE; i++)
		zero &= ((u8 *)b)[i] == 0;
	KTEST_EXPECT_TRUE(t, zero);
	free_pages(b, 1);

	b = get_zeroed_page(GFP_KERNEL);
	KTEST_ASSERT_TRUE(t, b != 0);
	zero = true;
	for (i = 0; i < PAGE_SIZE; i++)
		zero &= ((u8 *)b)[i] == 0;
	KTEST_EXPECT_TRUE(t, zero);
	free_page(b);
}

/* take everything, biggest blocks first; then nothing is left */
static void test_exhaustion(struct ktest *t)
{
	struct buddy_snapshot s;
	struct page *p, *n;
	unsigned long taken = 0;
	LIST_HEAD(held);
	int o;

	buddy_snap(&s);
	for (o = MAX_ORDER; o >= 0; o--) {
		while ((p = alloc_pages(GFP_KERNEL | __GFP_NOWARN, o))) {
			list_add(&p->lru, &held);
			taken += 1UL << o;
		}
	}
	KTEST_EXPECT_EQ(t, taken, s.free);
	KTEST_EXPECT_EQ(t, nr_free_pages(), 0);
	KTEST_EXPECT_TRUE(t, alloc_page(GFP_KERNEL | __GFP_NOWARN) == NULL);
	KTEST_EXPECT_EQ(t, __get_free_pages(GFP_KERNEL | __GFP_NOWARN, 0), 0);

	p = list_first_entry(&held, struct page, lru);
	while (&p->lru != &held) {
		n = list_entry(p->lru.next, struct page, lru);
		list_del(&p->lru);
		__free_pages(p, p->order);
		p = n;
	}
	expect_same(t, &s);
}

static void test_refcount(struct ktest *t)
{
	struct page *p = alloc_page(GFP_KERNEL);
	unsigned long free;

	KTEST_ASSERT_TRUE(t, p != NULL);
	free = nr_free_pages();
	p->refcount++;		/* a second user */
	__free_page(p);
	KTEST_EXPECT_EQ(t, nr_free_pages(), free);
	KTEST_EXPECT_FALSE(t, PageBuddy(p));
	__free_page(p);
	KTEST_EXPECT_EQ(t, nr_free_pages(), free + 1);
}

static void test_fault_injection(struct ktest *t)
{
	unsigned long injected = fail_page_alloc_injected();
	struct page *a, *b, *c;

	fail_page_alloc_after(2);
	a = alloc_page(GFP_KERNEL);
	b = alloc_page(GFP_KERNEL);
	c = alloc_page(GFP_KERNEL);
	KTEST_EXPECT_TRUE(t, a && b);
	KTEST_EXPECT_TRUE(t, c == NULL);
	/* it stays failed: a retry cannot slip through */
	KTEST_EXPECT_EQ(t, get_zeroed_page(GFP_ATOMIC), 0);
	KTEST_EXPECT_TRUE(t, should_fail_alloc());
	fail_page_alloc_after(-1);
	KTEST_EXPECT_FALSE(t, should_fail_alloc());
	KTEST_EXPECT_EQ(t, fail_page_alloc_injected(), injected + 3);
	c = alloc_page(GFP_KERNEL);
	KTEST_EXPECT_TRUE(t, c != NULL);
	if (a)
		__free_page(a);
	if (b)
		__free_page(b);
	if (c)
		__free_page(c);
}

static void test_memtype_default(struct ktest *t)
{
	struct page *p = pfn_to_page(PHYS_PFN(__pa_symbol(test_memtype_default)));

	/* kernel text is never reserved with another memory type */
	KTEST_EXPECT_EQ(t, p->memtype, _PAGE_CACHE_MODE_WB);
	KTEST_EXPECT_EQ(t, p->memtype_refs, 0);
	KTEST_EXPECT_EQ(t, sizeof(struct page), 40);
}

static struct ktest_case mm_buddy_cases[] = {
	KTEST_CASE(test_every_order),
	KTEST_CASE(test_coalescing),
	KTEST_CASE(test_conversions),
	KTEST_CASE(test_zeroing),
	KTEST_CASE(test_exhaustion),
	KTEST_CASE(test_refcount),
	KTEST_CASE(test_fault_injection),
	KTEST_CASE(test_memtype_default),
	{}
};
KTEST_SUITE(mm_buddy, mm_buddy_cases);
