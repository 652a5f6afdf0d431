// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite x86_cpa_alias: what Documentation/x86/cpa.rst promises about
 * aliases and about the pages x86_cpa does not reach.
 *
 *   - the direct-map alias of kernel text and rodata is read-only;
 *   - a cache-mode change of a direct-map page follows to the image's
 *     entry, a permission change does not (W^X of the image holds);
 *   - a 1 GiB page splits 1G -> 2M -> 4K with the PAT bit moved at each
 *     step, merges back, and an allocation failure part way changes
 *     nothing;
 *   - CPA works on the vmalloc area and leaves the DirectMap counters be.
 *
 * Planting the PAT bit alone selects PAT entry 4, which is WB in every
 * layout cachet programs (Linux's, the erratum one and the power-on one),
 * so the tests may do it on live RAM.  Clearing GLOBAL on a page only
 * changes how its translation is flushed: another harmless change that
 * still forces splits.
 */
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <asm/extable.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/set_memory.h>
#include <asm/tlbflush.h>

extern char _text[], _rodata[];

/* a bss page of our own: its image and direct-map entries are 4 KiB */
/* what "NX" reads as in an entry: nothing on a CPU without NX */
#define NX	(__supported_pte_mask & _PAGE_NX)

static u8 alias_page[PAGE_SIZE] __aligned(PAGE_SIZE);

static pteval_t entry(unsigned long va, enum pg_level *level)
{
	return pt_read_entry(va, level);
}

static unsigned long dm_alias(const void *image_va)
{
	return (unsigned long)__va(__pa_symbol(image_va));
}

static void alias_test_text_ro_in_direct_map(struct ktest *t)
{
	static const char *const names[] = { "text", "rodata" };
	const char *const where[] = { _text, _rodata };
	enum pg_level level;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(where); i++) {
		unsigned long va = dm_alias(where[i]);
		u8 v = *(const volatile u8 *)va;

		KTEST_EXPECT_FALSE(t, entry(va, &level) & _PAGE_RW);
		KTEST_EXPECT_EQ(t, entry(va, &level) & _PAGE_NX, NX);
		/* write back what is there: harmless should the write land */
		if (probe_write_u8((volatile u8 *)va, v) != -EFAULT)
			ktest_fail(t, __FILE__, __LINE__,
				   "%s is writable through the direct map",
				   names[i]);
	}
}

static void alias_test_cache_mode_follows(struct ktest *t)
{
	unsigned long img = (unsigned long)alias_page, dm = dm_alias(alias_page);
	/* UC- is slot 2, PCD alone, in every layout cachet programs or assumes */
	pteval_t uc = _PAGE_PCD;
	enum pg_level li, ld;

	KTEST_ASSERT_TRUE(t, !change_page_attr_set_clr(dm, 1, 0, 0,
					_PAGE_CACHE_MODE_UC_MINUS));
	KTEST_EXPECT_EQ(t, entry(dm, &ld) & _PAGE_CACHE_MASK, uc);
	KTEST_EXPECT_EQ(t, ld, PG_LEVEL_4K);
	KTEST_EXPECT_EQ(t, entry(img, &li) & _PAGE_CACHE_MASK, uc);
	KTEST_EXPECT_EQ(t, li, PG_LEVEL_4K);
	/* the image entry kept its permissions */
	KTEST_EXPECT_TRUE(t, entry(img, &li) & _PAGE_RW);
	KTEST_EXPECT_EQ(t, entry(img, &li) & _PAGE_NX, NX);
	KTEST_EXPECT_EQ(t, change_page_attr_set_clr(dm, 1, 0, 0,
						    _PAGE_CACHE_MODE_WB), 0);
	KTEST_EXPECT_EQ(t, entry(dm, &ld) & _PAGE_CACHE_MASK, 0);
	KTEST_EXPECT_EQ(t, entry(img, &li) & _PAGE_CACHE_MASK, 0);
}

static void alias_test_permissions_stay(struct ktest *t)
{
	unsigned long img = (unsigned long)alias_page, dm = dm_alias(alias_page);
	enum pg_level level;
	u8 v;

	KTEST_ASSERT_TRUE(t, !set_memory_ro(dm, 1));
	KTEST_EXPECT_EQ(t, probe_write_u8((volatile u8 *)dm, 1), -EFAULT);
	KTEST_EXPECT_EQ(t, probe_write_u8((volatile u8 *)img, 2), 0);
	KTEST_EXPECT_EQ(t, set_memory_rw(dm, 1), 0);
	KTEST_EXPECT_EQ(t, probe_write_u8((volatile u8 *)dm, 3), 0);
	KTEST_EXPECT_EQ(t, alias_page[0], 3);

	/* executable in the direct map does not make image data executable */
	KTEST_ASSERT_TRUE(t, !set_memory_x(dm, 1));
	KTEST_EXPECT_EQ(t, entry(img, &level) & _PAGE_NX, NX);
	KTEST_EXPECT_EQ(t, set_memory_nx(dm, 1), 0);

	/* not present in the direct map leaves the running image mapped */
	KTEST_ASSERT_TRUE(t, !set_memory_np(dm, 1));
	KTEST_EXPECT_EQ(t, probe_read_u8((volatile u8 *)dm, &v), -EFAULT);
	KTEST_EXPECT_EQ(t, probe_read_u8((volatile u8 *)img, &v), 0);
	KTEST_EXPECT_EQ(t, set_memory_p(dm, 1), 0);
	KTEST_EXPECT_EQ(t, probe_read_u8((volatile u8 *)dm, &v), 0);
	KTEST_EXPECT_EQ(t, v, 3);
}

/* a 1 GiB leaf of the direct map, or 0 */
static unsigned long find_1g_leaf(void)
{
	unsigned long va;
	enum pg_level level;

	for (va = __PAGE_OFFSET; va < __PAGE_OFFSET + 64 * PUD_SIZE;
	     va += PUD_SIZE)
		if (pt_entry_present(entry(va, &level)) &&
		    level == PG_LEVEL_1G)
			return va;
	return 0;
}

static void alias_test_split_1g_moves_pat_bit(struct ktest *t)
{
	unsigned long base = find_1g_leaf(), before[PG_LEVEL_NUM], splits;
	unsigned long va = base + 3 * PMD_SIZE + 5 * PAGE_SIZE;
	enum pg_level level;
	unsigned int i;
	pteval_t v;

	if (!base) {
		ktest_skip(t, "no 1 GiB page in the direct map");
		return;
	}
	memcpy(before, direct_pages_count, sizeof(before));
	KTEST_ASSERT_TRUE(t, !change_page_attr_set_clr(base, PUD_SIZE >> PAGE_SHIFT,
						       _PAGE_PAT, 0, -1));
	v = entry(base, &level);
	KTEST_EXPECT_EQ(t, level, PG_LEVEL_1G);
	KTEST_EXPECT_TRUE(t, v & _PAGE_PAT_LARGE);

	splits = cpa_stats.splits;
	KTEST_ASSERT_TRUE(t, !change_page_attr_set_clr(va, 1, 0, _PAGE_GLOBAL, -1));
	KTEST_EXPECT_EQ(t, cpa_stats.splits - splits, 2);
	KTEST_EXPECT_EQ(t, direct_pages_count[PG_LEVEL_1G], before[PG_LEVEL_1G] - 1);
	KTEST_EXPECT_EQ(t, direct_pages_count[PG_LEVEL_2M], before[PG_LEVEL_2M] + 511);
	KTEST_EXPECT_EQ(t, direct_pages_count[PG_LEVEL_4K], before[PG_LEVEL_4K] + 512);
	/* 2M pages of the split 1G: still large, PAT in bit 12 */
	for (i = 0; i < PTRS_PER_TABLE; i++) {
		if (i == 3)
			continue;
		v = entry(base + i * PMD_SIZE, &level);
		KTEST_EXPECT_EQ(t, level, PG_LEVEL_2M);
		KTEST_EXPECT_EQ(t, v & (_PAGE_PAT_LARGE | _PAGE_PSE | _PAGE_GLOBAL),
				_PAGE_PAT_LARGE | _PAGE_PSE | _PAGE_GLOBAL);
		KTEST_EXPECT_EQ(t, v & PTE_PFN_MASK & ~(PMD_SIZE - 1),
				__pa((void *)(base + i * PMD_SIZE)));
		if (t->failed)
			return;
	}
	/* 4K pages of the split 2M: PAT in bit 7, only one lost GLOBAL */
	for (i = 0; i < PTRS_PER_TABLE; i++) {
		unsigned long p = base + 3 * PMD_SIZE + i * PAGE_SIZE;

		v = entry(p, &level);
		KTEST_EXPECT_EQ(t, level, PG_LEVEL_4K);
		KTEST_EXPECT_TRUE(t, v & _PAGE_PAT);
		KTEST_EXPECT_EQ(t, !!(v & _PAGE_GLOBAL), p != va);
		KTEST_EXPECT_EQ(t, v & PTE_PFN_MASK, __pa((void *)p));
		if (t->failed)
			return;
	}

	/* undo both: the 1G page comes back, and so do the counters */
	KTEST_EXPECT_EQ(t, change_page_attr_set_clr(va, 1, _PAGE_GLOBAL, 0, -1), 0);
	KTEST_EXPECT_EQ(t, change_page_attr_set_clr(base, PUD_SIZE >> PAGE_SHIFT,
						    0, _PAGE_PAT, -1), 0);
	v = entry(va, &level);
	KTEST_EXPECT_EQ(t, level, PG_LEVEL_1G);
	KTEST_EXPECT_FALSE(t, v & _PAGE_PAT_LARGE);
	for (i = 0; i < PG_LEVEL_NUM; i++)
		KTEST_EXPECT_EQ(t, direct_pages_count[i], before[i]);
}

static void alias_test_1g_enomem_part_way(struct ktest *t)
{
	unsigned long base = find_1g_leaf(), before[PG_LEVEL_NUM], free;
	unsigned long va = base + 7 * PMD_SIZE + PAGE_SIZE;
	enum pg_level level;
	pteval_t old;

	if (!base) {
		ktest_skip(t, "no 1 GiB page in the direct map");
		return;
	}
	old = entry(base, &level);
	memcpy(before, direct_pages_count, sizeof(before));
	free = nr_free_pages();
	/* the 1G split's table is granted, the 2M split's is not */
	fail_page_alloc_after(1);
	KTEST_EXPECT_EQ(t, change_page_attr_set_clr(va, 1, 0, _PAGE_GLOBAL, -1),
			-ENOMEM);
	fail_page_alloc_after(-1);
	KTEST_EXPECT_EQ(t, entry(base, &level), old);
	KTEST_EXPECT_EQ(t, level, PG_LEVEL_1G);
	KTEST_EXPECT_EQ(t, memcmp(before, direct_pages_count, sizeof(before)), 0);
	/* the page that was granted went back */
	KTEST_EXPECT_EQ(t, nr_free_pages(), free);
}

static void alias_test_vmalloc_area(struct ktest *t)
{
	unsigned long before[PG_LEVEL_NUM], va;
	u8 *p = vzalloc(4 * PAGE_SIZE);
	u8 v;

	KTEST_ASSERT_TRUE(t, p != NULL);
	va = (unsigned long)p;
	memcpy(before, direct_pages_count, sizeof(before));
	KTEST_EXPECT_EQ(t, set_memory_ro(va + PAGE_SIZE, 2), 0);
	KTEST_EXPECT_EQ(t, probe_write_u8(p, 1), 0);
	KTEST_EXPECT_EQ(t, probe_write_u8(p + PAGE_SIZE, 1), -EFAULT);
	KTEST_EXPECT_EQ(t, probe_write_u8(p + 2 * PAGE_SIZE + 7, 1), -EFAULT);
	KTEST_EXPECT_EQ(t, probe_write_u8(p + 3 * PAGE_SIZE, 1), 0);
	KTEST_EXPECT_EQ(t, probe_read_u8(p + PAGE_SIZE, &v), 0);
	KTEST_EXPECT_EQ(t, set_memory_rw(va + PAGE_SIZE, 2), 0);
	KTEST_EXPECT_EQ(t, probe_write_u8(p + PAGE_SIZE, 1), 0);
	KTEST_EXPECT_EQ(t, memcmp(before, direct_pages_count, sizeof(before)), 0);
	/* a range running off the end of the area's mapping is refused */
	KTEST_EXPECT_EQ(t, set_memory_ro(va + 3 * PAGE_SIZE, 2), -EINVAL);
	KTEST_EXPECT_EQ(t, probe_write_u8(p + 3 * PAGE_SIZE, 1), 0);
	vfree(p);
}

static struct ktest_case alias_cases[] = {
	KTEST_CASE(alias_test_text_ro_in_direct_map),
	KTEST_CASE(alias_test_cache_mode_follows),
	KTEST_CASE(alias_test_permissions_stay),
	KTEST_CASE(alias_test_split_1g_moves_pat_bit),
	KTEST_CASE(alias_test_1g_enomem_part_way),
	KTEST_CASE(alias_test_vmalloc_area),
	{}
};
KTEST_SUITE(x86_cpa_alias, alias_cases);
