// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite mm_memblock.  By the time suites run, memblock has handed
 * RAM to the buddy allocator, so the live state is checked for what the
 * hand-over promised (everything free went to the buddy allocator, the
 * kernel and the low MiB stayed reserved, RAM matches e820), and the
 * range arithmetic is exercised on private sets.
 */
#include <linux/e820.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/memblock.h>
#include <linux/memblock_ranges.h>
#include <linux/mm.h>

extern char _head[], _ehead[], _text[], _end[];

static void test_memory_is_e820_ram(struct ktest *t)
{
	phys_addr_t start, end, total = 0;
	u64 idx = 0;

	while (memblock_next_mem(&idx, &start, &end)) {
		KTEST_EXPECT_TRUE(t, e820__is_ram(start, end));
		total += end - start;
	}
	KTEST_EXPECT_EQ(t, total, memblock_phys_mem_size());
	KTEST_EXPECT_EQ(t, memblock_end_of_DRAM(), e820__end_of_ram());
	KTEST_EXPECT_FALSE(t, memblock_is_memory(0xb0000000));
	KTEST_EXPECT_TRUE(t, memblock_is_memory(__pa_symbol(_text)));

	/* the helpers ioremap and PAT use, on QEMU's fixed layout */
	KTEST_EXPECT_TRUE(t, e820__is_ram(SZ_1M, 2 * SZ_1M));
	KTEST_EXPECT_FALSE(t, e820__is_ram(SZ_1M, SZ_1M));
	KTEST_EXPECT_FALSE(t, e820__is_ram(0x9f000, SZ_1M + SZ_4K));
	KTEST_EXPECT_TRUE(t, e820__any_ram(0x9f000, SZ_1M + SZ_4K));
	KTEST_EXPECT_FALSE(t, e820__any_ram(0xfec00000, 0xfee01000));
	KTEST_EXPECT_TRUE(t, e820__mapped_all(0xfffc0000, SZ_4G,
					      E820_TYPE_RESERVED));
}

static void test_boot_reservations(struct ktest *t)
{
	KTEST_EXPECT_TRUE(t, memblock_is_reserved(0));
	KTEST_EXPECT_TRUE(t, memblock_is_reserved(0x9f000));
	KTEST_EXPECT_TRUE(t, memblock_is_reserved(SZ_1M - 1));
	KTEST_EXPECT_TRUE(t, memblock_is_reserved(__pa_symbol(_text)));
	KTEST_EXPECT_TRUE(t, memblock_is_reserved(__pa_symbol(_end) - 1));
	KTEST_EXPECT_TRUE(t, memblock_is_reserved(__pa(mem_map)));
	/* and the buddy allocator agrees: those pages are not its own */
	KTEST_EXPECT_TRUE(t, PageReserved(pfn_to_page(0)));
	KTEST_EXPECT_TRUE(t, PageReserved(virt_to_page(_text)));
}

/*
 * QEMU writes every PT_LOAD segment of the -kernel ELF back on each
 * reset, the wake from S3 included: a page of any of them in the buddy
 * allocator's hands would be overwritten under its owner.  The 32-bit
 * entry page lies outside [_text, _end) and was once handed out.
 */
static void test_reloaded_segments_reserved(struct ktest *t)
{
	phys_addr_t pa, start = __pa_symbol(_head), end = __pa_symbol(_ehead);

	KTEST_EXPECT_TRUE(t, start < end);
	for (pa = start; pa < end; pa += PAGE_SIZE) {
		KTEST_EXPECT_TRUE(t, memblock_is_reserved(pa));
		KTEST_EXPECT_TRUE(t, PageReserved(pfn_to_page(PHYS_PFN(pa))));
	}
	end = __pa_symbol(_end) - 1;
	KTEST_EXPECT_TRUE(t, PageReserved(pfn_to_page(PHYS_PFN(end))));
}

/* every free memblock page went to the buddy allocator, nothing else */
static void test_handover(struct ktest *t)
{
	phys_addr_t start, end;
	unsigned long pages = 0;
	u64 cursor = 0;

	while (memblock_next_free(&cursor, &start, &end)) {
		KTEST_EXPECT_TRUE(t, memblock_is_memory(start));
		KTEST_EXPECT_FALSE(t, memblock_is_reserved(start));
		KTEST_EXPECT_FALSE(t, memblock_is_reserved(end - 1));
		if (PFN_DOWN(end) > PFN_UP(start))
			pages += PFN_DOWN(end) - PFN_UP(start);
	}
	KTEST_EXPECT_EQ(t, pages, totalram_pages());
}

static void test_ranges_merge_and_split(struct ktest *t)
{
	struct mb_range r[4];
	struct mb_ranges s = { .max = ARRAY_SIZE(r), .r = r };

	KTEST_EXPECT_EQ(t, mb_ranges_add(&s, 0x1000, 0x2000), 0);
	KTEST_EXPECT_EQ(t, mb_ranges_add(&s, 0x3000, 0x4000), 0);
	KTEST_EXPECT_EQ(t, mb_ranges_add(&s, 0x2000, 0x3000), 0);
	KTEST_ASSERT_TRUE(t, s.cnt == 1);
	KTEST_EXPECT_EQ(t, r[0].base, 0x1000);
	KTEST_EXPECT_EQ(t, r[0].end, 0x4000);
	KTEST_EXPECT_EQ(t, mb_ranges_remove(&s, 0x2000, 0x2800), 0);
	KTEST_ASSERT_TRUE(t, s.cnt == 2);
	KTEST_EXPECT_EQ(t, r[0].end, 0x2000);
	KTEST_EXPECT_EQ(t, r[1].base, 0x2800);
	KTEST_EXPECT_EQ(t, mb_ranges_total(&s), 0x2800);
}

static void test_ranges_top_down(struct ktest *t)
{
	struct mb_range mr[2], rr[2];
	struct mb_ranges mem = { .max = 2, .r = mr }, rsv = { .max = 2, .r = rr };
	u64 a = 0;

	mb_ranges_add(&mem, 0, SZ_1G);
	mb_ranges_add(&rsv, SZ_1G - SZ_4K, SZ_1G);
	KTEST_EXPECT_TRUE(t, mb_ranges_find_top_down(&mem, &rsv, SZ_4K, SZ_4K,
						     0, SZ_1G, &a));
	KTEST_EXPECT_EQ(t, a, SZ_1G - 2 * SZ_4K);
	KTEST_EXPECT_TRUE(t, mb_ranges_find_top_down(&mem, &rsv, SZ_4K, SZ_2M,
						     0, SZ_1G, &a));
	KTEST_EXPECT_EQ(t, a, SZ_1G - SZ_2M);
	KTEST_EXPECT_FALSE(t, mb_ranges_find_top_down(&mem, &rsv, SZ_1G, SZ_4K,
						      0, SZ_1G, &a));
}

static struct ktest_case mm_memblock_cases[] = {
	KTEST_CASE(test_memory_is_e820_ram),
	KTEST_CASE(test_boot_reservations),
	KTEST_CASE(test_reloaded_segments_reserved),
	KTEST_CASE(test_handover),
	KTEST_CASE(test_ranges_merge_and_split),
	KTEST_CASE(test_ranges_top_down),
	{}
};
KTEST_SUITE(mm_memblock, mm_memblock_cases);
