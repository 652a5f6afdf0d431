// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of include/linux/buddy.h: buddy and parent pfns, orders for
 * sizes, and splitting free ranges into maximal aligned blocks (checked
 * for exact cover, alignment and maximality against brute force).
 */
#include <linux/buddy.h>
#include "unit.h"

UNIT_TEST(buddy, buddy_pfn)
{
	EXPECT_EQ(buddy_pfn(0, 0), 1);
	EXPECT_EQ(buddy_pfn(1, 0), 0);
	EXPECT_EQ(buddy_pfn(8, 3), 0);
	EXPECT_EQ(buddy_pfn(0, 3), 8);
	EXPECT_EQ(buddy_pfn(1024, 10), 0);
	EXPECT_EQ(buddy_parent_pfn(12, 2), 8);
	EXPECT_EQ(buddy_parent_pfn(8, 2), 8);
	EXPECT_EQ(buddy_parent_pfn(3, 0), 2);
}

UNIT_TEST(buddy, orders)
{
	EXPECT_EQ(buddy_order_for_pages(1), 0);
	EXPECT_EQ(buddy_order_for_pages(2), 1);
	EXPECT_EQ(buddy_order_for_pages(3), 2);
	EXPECT_EQ(buddy_order_for_pages(1024), 10);
	EXPECT_EQ(buddy_order_for_pages(1025), 11);
	EXPECT_EQ(buddy_order_for_size(0, 12), 0);
	EXPECT_EQ(buddy_order_for_size(1, 12), 0);
	EXPECT_EQ(buddy_order_for_size(4096, 12), 0);
	EXPECT_EQ(buddy_order_for_size(4097, 12), 1);
	EXPECT_EQ(buddy_order_for_size(8192, 12), 1);
	EXPECT_EQ(buddy_order_for_size(4UL << 20, 12), 10);
}

/* split [start, end) and check the blocks against brute force */
static int split_ok(unsigned long start, unsigned long end)
{
	unsigned long pfn = start;

	while (pfn < end) {
		unsigned int o = buddy_max_block_order(pfn, end, MAX_ORDER);
		unsigned long n = 1UL << o;

		if (pfn & (n - 1) || pfn + n > end || o > MAX_ORDER)
			return 0;
		/* maximal: the next order up would be misaligned or too long */
		if (o < MAX_ORDER && !(pfn & (2 * n - 1)) && pfn + 2 * n <= end)
			return 0;
		pfn += n;
	}
	return pfn == end;
}

UNIT_TEST(buddy, split)
{
	unsigned long long seed = unit_seed();
	int i, bad = 0;

	EXPECT_EQ(buddy_max_block_order(0, 1, MAX_ORDER), 0);
	EXPECT_EQ(buddy_max_block_order(0, 4096, MAX_ORDER), 10);
	EXPECT_EQ(buddy_max_block_order(512, 4096, MAX_ORDER), 9);
	EXPECT_EQ(buddy_max_block_order(256, 300, MAX_ORDER), 5);
	EXPECT_EQ(buddy_max_block_order(1, 4096, MAX_ORDER), 0);
	EXPECT_EQ(buddy_max_block_order(0, 4096, 3), 3);
	EXPECT_TRUE(split_ok(0x9f, 0x1ffdf));
	EXPECT_TRUE(split_ok(0x100, 0x7ffdf));
	for (i = 0; i < 5000; i++) {
		unsigned long s = unit_rand(&seed) % 100000;
		unsigned long len = 1 + unit_rand(&seed) % 50000;

		if (!split_ok(s, s + len))
			bad++;
	}
	EXPECT_EQ(bad, 0);
}
