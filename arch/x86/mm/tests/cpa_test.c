// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suites for the page tables: the direct map (RAM only, page sizes,
 * counters, W^X of the image) and CPA (splits with the PAT-bit move,
 * faults on read-only pages, the image alias, all-or-nothing errors,
 * merge-back).
 */
#include <linux/e820.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/mm.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <asm/extable.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/set_memory.h>
#include <asm/tlbflush.h>

extern char _text[], _etext[], _rodata[], _erodata[], _sdata[], _edata[];

/* what "NX" reads as in an entry: nothing on a CPU without NX */
#define NX	(__supported_pte_mask & _PAGE_NX)

static pteval_t entry_of(unsigned long va, enum pg_level *level)
{
	return pt_read_entry(va, level);
}

static void directmap_test_ram_only(struct ktest *t)
{
	enum pg_level level;
	unsigned int i;

	for (i = 0; i < e820_table.nr_entries; i++) {
		const struct e820_entry *e = &e820_table.entries[i];
		u64 p = PAGE_ALIGN(e->addr);

		if (p >= e->addr + e->size || p >= (1ULL << 46))
			continue;
		if (e->type == E820_TYPE_RAM)
			KTEST_EXPECT_TRUE(t, pt_entry_present(
				entry_of((unsigned long)__va(p), &level)));
		else
			KTEST_EXPECT_FALSE(t, pt_entry_present(
				entry_of((unsigned long)__va(p), &level)));
	}
	/* the PCI hole is not in the direct map either */
	KTEST_EXPECT_FALSE(t, pt_entry_present(
		entry_of((unsigned long)__va(0xfee00000ULL), &level)));
}

static void directmap_test_page_sizes(struct ktest *t)
{
	unsigned long mapped = 0;
	unsigned int i;

	for (i = 0; i < e820_table.nr_entries; i++)
		if (e820_table.entries[i].type == E820_TYPE_RAM)
			mapped += ((e820_table.entries[i].addr + e820_table.entries[i].size) & PAGE_MASK) -
				  PAGE_ALIGN(e820_table.entries[i].addr);
	KTEST_EXPECT_EQ(t, direct_pages_count[PG_LEVEL_4K] * PAGE_SIZE +
			direct_pages_count[PG_LEVEL_2M] * PMD_SIZE +
			direct_pages_count[PG_LEVEL_1G] * PUD_SIZE, mapped);
	if (!boot_cpu_has(X86_FEATURE_GBPAGES))
		KTEST_EXPECT_EQ(t, direct_pages_count[PG_LEVEL_1G], 0);
	if (mapped > 64 * PMD_SIZE)
		KTEST_EXPECT_TRUE(t, direct_pages_count[PG_LEVEL_2M] +
				  direct_pages_count[PG_LEVEL_1G] > 0);
}

static void directmap_test_wx(struct ktest *t)
{
	enum pg_level level;
	pteval_t v;

	v = entry_of((unsigned long)_text, &level);
	KTEST_EXPECT_TRUE(t, !(v & _PAGE_RW) && !(v & _PAGE_NX));
	v = entry_of((unsigned long)_rodata, &level);
	KTEST_EXPECT_FALSE(t, v & _PAGE_RW);
	KTEST_EXPECT_EQ(t, v & _PAGE_NX, NX);
	v = entry_of((unsigned long)_sdata, &level);
	KTEST_EXPECT_TRUE(t, v & _PAGE_RW);
	KTEST_EXPECT_EQ(t, v & _PAGE_NX, NX);
	/* a write to text faults and is caught */
	KTEST_EXPECT_EQ(t, probe_write_u8((volatile u8 *)_text, 0x90), -EFAULT);
}

static struct ktest_case directmap_cases[] = {
	KTEST_CASE(directmap_test_ram_only),
	KTEST_CASE(directmap_test_page_sizes),
	KTEST_CASE(directmap_test_wx),
	{}
};
KTEST_SUITE(x86_directmap, directmap_cases);

/* a 2M-aligned run of free RAM in the direct map that is a large page */
static unsigned long cpa_large_test_page(void)
{
	struct page *pg = alloc_pages(GFP_KERNEL, 9);	/* 2 MiB, aligned */
	enum pg_level level;
	unsigned long va;

	if (!pg)
		return 0;
	va = (unsigned long)page_address(pg);
	pt_read_entry(va, &level);
	if (level == PG_LEVEL_4K) {
		__free_pages(pg, 9);
		return 0;
	}
	return va;
}

static void cpa_test_split_moves_pat_bit(struct ktest *t)
{
	unsigned long va = cpa_large_test_page(), before[PG_LEVEL_NUM];
	enum pg_level level;
	pteval_t large;
	unsigned int i;

	if (!va) {
		ktest_skip(t, "no 2M page of free RAM");
		return;
	}
	memcpy(before, direct_pages_count, sizeof(before));
	/* plant the PAT bit on the whole large page: no split for that */
	KTEST_ASSERT_TRUE(t, !change_page_attr_set_clr(va, 512,
						       _PAGE_PAT, 0, -1));
	large = pt_read_entry(va, &level);
	KTEST_EXPECT_TRUE(t, level >= PG_LEVEL_2M);
	KTEST_EXPECT_TRUE(t, large & _PAGE_PAT_LARGE);
	/* make one page RO: the 2M page must split, PAT bit to bit 7 */
	KTEST_ASSERT_TRUE(t, !set_memory_ro(va + PAGE_SIZE, 1));
	for (i = 0; i < 512; i++) {
		pteval_t v = pt_read_entry(va + i * PAGE_SIZE, &level);

		KTEST_EXPECT_EQ(t, level, PG_LEVEL_4K);
		KTEST_EXPECT_TRUE(t, v & _PAGE_PAT);
		KTEST_EXPECT_EQ(t, v & PTE_PFN_MASK, __pa((void *)(va + i * PAGE_SIZE)));
		KTEST_EXPECT_EQ(t, !!(v & _PAGE_RW), i != 1);
		if (t->failed)
			break;
	}
	KTEST_EXPECT_EQ(t, probe_write_u8((volatile u8 *)(va + PAGE_SIZE), 1),
			-EFAULT);
	KTEST_EXPECT_EQ(t, probe_write_u8((volatile u8 *)va, 1), 0);
	/* undo: merges back into one large page */
	KTEST_EXPECT_EQ(t, set_memory_rw(va + PAGE_SIZE, 1), 0);
	KTEST_EXPECT_EQ(t, change_page_attr_set_clr(va, 512, 0, _PAGE_PAT, -1), 0);
	pt_read_entry(va, &level);
	KTEST_EXPECT_TRUE(t, level >= PG_LEVEL_2M);
	for (i = 0; i < PG_LEVEL_NUM; i++)
		KTEST_EXPECT_EQ(t, direct_pages_count[i], before[i]);
	__free_pages(virt_to_page((void *)va), 9);
}

static void cpa_test_bad_ranges(struct ktest *t)
{
	unsigned long va = get_zeroed_page(GFP_KERNEL), before[PG_LEVEL_NUM];
	enum pg_level level;
	pteval_t old;

	KTEST_ASSERT_TRUE(t, va != 0);
	old = entry_of(va, &level);
	memcpy(before, direct_pages_count, sizeof(before));
	KTEST_EXPECT_EQ(t, set_memory_ro(va, 0), -EINVAL);
	KTEST_EXPECT_EQ(t, set_memory_ro(va, -1), -EINVAL);
	KTEST_EXPECT_EQ(t, set_memory_ro(0x1000, 1), -EINVAL);
	/* not mapped: the PCI hole in the direct map */
	KTEST_EXPECT_EQ(t, set_memory_ro((unsigned long)__va(0xfee00000ULL), 1),
			-EINVAL);
	/* wraps past the end of the address space */
	KTEST_EXPECT_EQ(t, set_memory_ro(~0UL & PAGE_MASK, 2), -EINVAL);
	KTEST_EXPECT_EQ(t, entry_of(va, &level), old);
	KTEST_EXPECT_EQ(t, memcmp(before, direct_pages_count, sizeof(before)), 0);
	free_page(va);
}

static void cpa_test_enomem_changes_nothing(struct ktest *t)
{
	unsigned long va = cpa_large_test_page(), before[PG_LEVEL_NUM];
	enum pg_level level;
	pteval_t old;

	if (!va) {
		ktest_skip(t, "no 2M page of free RAM");
		return;
	}
	old = entry_of(va, &level);
	memcpy(before, direct_pages_count, sizeof(before));
	fail_page_alloc_after(0);
	KTEST_EXPECT_EQ(t, set_memory_ro(va + PAGE_SIZE, 1), -ENOMEM);
	fail_page_alloc_after(-1);
	KTEST_EXPECT_EQ(t, entry_of(va, &level), old);
	KTEST_EXPECT_TRUE(t, level >= PG_LEVEL_2M);
	KTEST_EXPECT_EQ(t, memcmp(before, direct_pages_count, sizeof(before)), 0);
	KTEST_EXPECT_EQ(t, probe_write_u8((volatile u8 *)(va + PAGE_SIZE), 1), 0);
	__free_pages(virt_to_page((void *)va), 9);
}

static void cpa_test_np_and_flush(struct ktest *t)
{
	unsigned long va = get_zeroed_page(GFP_KERNEL);
	unsigned long flushes = tlb_stats.single + tlb_stats.full;
	u8 v;

	KTEST_ASSERT_TRUE(t, va != 0);
	KTEST_EXPECT_EQ(t, set_memory_np(va, 1), 0);
	KTEST_EXPECT_EQ(t, probe_read_u8((volatile u8 *)va, &v), -EFAULT);
	KTEST_EXPECT_EQ(t, set_memory_p(va, 1), 0);
	KTEST_EXPECT_EQ(t, probe_read_u8((volatile u8 *)va, &v), 0);
	KTEST_EXPECT_EQ(t, v, 0);
	KTEST_EXPECT_TRUE(t, tlb_stats.single + tlb_stats.full > flushes);
	free_page(va);
}

/* the vmalloc area too: a vmalloc'ed page made read-only faults on write */
static void cpa_test_vmalloc_area(struct ktest *t)
{
	u8 *p = vmalloc(2 * PAGE_SIZE);

	KTEST_ASSERT_TRUE(t, p != NULL);
	KTEST_EXPECT_EQ(t, probe_write_u8(p + PAGE_SIZE, 7), 0);
	KTEST_EXPECT_EQ(t, set_memory_ro((unsigned long)p + PAGE_SIZE, 1), 0);
	KTEST_EXPECT_EQ(t, probe_write_u8(p + PAGE_SIZE, 8), -EFAULT);
	KTEST_EXPECT_EQ(t, p[PAGE_SIZE], 7);
	KTEST_EXPECT_EQ(t, probe_write_u8(p, 1), 0);
	KTEST_EXPECT_EQ(t, set_memory_rw((unsigned long)p + PAGE_SIZE, 1), 0);
	KTEST_EXPECT_EQ(t, probe_write_u8(p + PAGE_SIZE, 9), 0);
	/* a range running off the end of the area is refused, changing nothing */
	KTEST_EXPECT_EQ(t, set_memory_ro((unsigned long)p, 4), -EINVAL);
	KTEST_EXPECT_EQ(t, probe_write_u8(p, 2), 0);
	KTEST_EXPECT_EQ(t, probe_write_u8(p + PAGE_SIZE, 3), 0);
	vfree(p);
}

static struct ktest_case cpa_cases[] = {
	KTEST_CASE(cpa_test_vmalloc_area),
	KTEST_CASE(cpa_test_split_moves_pat_bit),
	KTEST_CASE(cpa_test_bad_ranges),
	KTEST_CASE(cpa_test_enomem_changes_nothing),
	KTEST_CASE(cpa_test_np_and_flush),
	{}
};
KTEST_SUITE(x86_cpa, cpa_cases);
