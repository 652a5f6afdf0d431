// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suites for the PAT-facing API: the ioremap result matrix and
 * conflicts, RAM refused, set_memory_* round trips with the DirectMap
 * counters, fault injection, and the alias verifier (which every suite
 * here runs after its scenario, and which must catch a planted alias).
 */
#include <linux/e820.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/mm.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <asm/io.h>
#include <asm/page.h>
#include <asm/pat.h>
#include <asm/pat_verify.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/set_memory.h>

#include "../memtype.h"

#define UC	_PAGE_CACHE_MODE_UC
#define UCM	_PAGE_CACHE_MODE_UC_MINUS
#define WC	_PAGE_CACHE_MODE_WC
#define WB	_PAGE_CACHE_MODE_WB
#define WT	_PAGE_CACHE_MODE_WT

/* unused MMIO space well above RAM and QEMU's windows */
static u64 test_bar(unsigned int i)
{
	return (1ULL << (boot_cpu_data.x86_phys_bits - 2)) + i * 0x400000ULL;
}

static enum page_cache_mode mapped_mode(void __iomem *p)
{
	enum pg_level level;
	pteval_t v = pt_read_entry((unsigned long)(__force void *)p, &level);

	if (level != PG_LEVEL_4K)
		v = protval_large_2_4k(v);
	return pgprot2cachemode(v);
}

/* the allowed-result matrix: an existing reservation, then an ioremap */
static const struct {
	enum page_cache_mode held;
	void __iomem *(*map)(resource_size_t, unsigned long);
	enum page_cache_mode want;
	int result;			/* granted mode, or -1 for refused */
} ioremap_matrix[] = {
	{ WB, ioremap, UCM, -1 },		/* asked UC- got WB */
	{ WB, ioremap_wc, WC, -1 },		/* asked WC got WB */
	{ WB, ioremap_wt, WT, -1 },		/* asked WT got WB */
	{ WC, ioremap_wt, WT, -1 },		/* asked WT got WC */
	{ WB, ioremap_uc, UC, -1 },		/* cachet: UC got WB */
	{ UC, ioremap_wc, WC, -1 },		/* cachet: WC over UC */
	{ UCM, ioremap_wc, WC, UCM },		/* weaker, with a warning */
	{ WC, ioremap, UCM, WC },
	{ UC, ioremap, UCM, UC },
	{ WC, ioremap_wc, WC, WC },
	{ WB, ioremap_cache, WB, WB },
};

static void ioremap_test_matrix(struct ktest *t)
{
	unsigned int i;

	if (!pat_enabled()) {
		ktest_skip(t, "PAT is off: every request is granted as asked");
		return;
	}
	for (i = 0; i < ARRAY_SIZE(ioremap_matrix); i++) {
		u64 b = test_bar(i);
		void __iomem *p;

		KTEST_ASSERT_TRUE(t, !memtype_reserve(b, b + PAGE_SIZE,
						      ioremap_matrix[i].held, NULL));
		p = ioremap_matrix[i].map(b, PAGE_SIZE);
		if (ioremap_matrix[i].result < 0) {
			if (p)
				ktest_fail(t, __FILE__, __LINE__,
					   "row %u: held %u, asked %u: granted", i,
					   ioremap_matrix[i].held,
					   ioremap_matrix[i].want);
		} else if (!p) {
			ktest_fail(t, __FILE__, __LINE__, "row %u refused", i);
		} else {
			KTEST_EXPECT_EQ(t, mapped_mode(p), ioremap_matrix[i].result);
			iounmap(p);
		}
		KTEST_EXPECT_EQ(t, memtype_free(b, b + PAGE_SIZE), 0);
		KTEST_EXPECT_EQ(t, lookup_memtype(b), UCM);
	}
	ktest_expect_no_alias(t);
}

static void ioremap_test_bar_conflicts(struct ktest *t)
{
	u64 bar = test_bar(16);
	void __iomem *uc, *wc1, *wc2;

	if (!pat_enabled()) {
		ktest_skip(t, "PAT is off");
		return;
	}
	uc = ioremap_uc(bar, 0x10000);
	KTEST_ASSERT_TRUE(t, uc != NULL);
	KTEST_EXPECT_TRUE(t, ioremap_wc(bar, 0x10000) == NULL);
	iounmap(uc);
	wc1 = ioremap_wc(bar, 0x10000);
	wc2 = ioremap_wc(bar, 0x10000);
	KTEST_EXPECT_TRUE(t, wc1 && wc2 && wc1 != wc2);
	KTEST_EXPECT_EQ(t, mapped_mode(wc2), WC);
	KTEST_EXPECT_EQ(t, lookup_memtype(bar), WC);
	iounmap(wc2);
	iounmap(wc1);
	KTEST_EXPECT_EQ(t, lookup_memtype(bar), UCM);
	ktest_expect_no_alias(t);
}

/*
 * What a refused iounmap() must leave alone: every vmalloc/ioremap area,
 * every memtype reservation, and the page-table entries of the addresses
 * it was given.
 */
#define IOREMAP_TEST_MAX	32

struct ioremap_test_area {
	unsigned long addr, size, flags, caller;
	phys_addr_t phys_addr;
};

struct ioremap_test_state {
	unsigned int nr_areas;
	struct ioremap_test_area area[IOREMAP_TEST_MAX];
	unsigned long nr_memtypes;
	struct memtype_tree_entry memtype[IOREMAP_TEST_MAX];
	pteval_t pte[2];	/* 0: no page table reaches it */
	enum pg_level level[2];
};

static int ioremap_test_copy_area(const struct vm_struct *a, void *arg)
{
	struct ioremap_test_state *s = arg;

	if (s->nr_areas < IOREMAP_TEST_MAX)
		s->area[s->nr_areas] = (struct ioremap_test_area) {
			.addr = (unsigned long)a->addr, .size = a->size,
			.flags = a->flags, .caller = a->caller,
			.phys_addr = a->phys_addr,
		};
	s->nr_areas++;
	return 0;
}

static void ioremap_test_state_take(struct ioremap_test_state *s,
				    const volatile void __iomem *va[2])
{
	unsigned long total;
	unsigned int i;

	memset(s, 0, sizeof(*s));
	vm_area_for_each(ioremap_test_copy_area, s);
	s->nr_memtypes = memtype_snapshot(s->memtype, IOREMAP_TEST_MAX, &total);
	if (total > s->nr_memtypes)
		s->nr_memtypes = total;		/* cannot compare: fails below */
	for (i = 0; i < 2; i++)
		s->pte[i] = pt_read_entry((unsigned long)(__force void *)va[i],
					  &s->level[i]);
}

static void ioremap_test_expect_same(struct ktest *t,
				     const struct ioremap_test_state *a,
				     const struct ioremap_test_state *b)
{
	unsigned int i;

	KTEST_ASSERT_TRUE(t, a->nr_areas <= IOREMAP_TEST_MAX &&
			  a->nr_memtypes <= IOREMAP_TEST_MAX);
	KTEST_EXPECT_EQ(t, b->nr_areas, a->nr_areas);
	for (i = 0; i < a->nr_areas && i < b->nr_areas; i++)
		if (memcmp(&a->area[i], &b->area[i], sizeof(a->area[i])))
			ktest_fail(t, __FILE__, __LINE__,
				   "area %u at %#lx changed", i, a->area[i].addr);
	KTEST_EXPECT_EQ(t, b->nr_memtypes, a->nr_memtypes);
	for (i = 0; i < a->nr_memtypes && i < b->nr_memtypes; i++) {
		const struct memtype_tree_entry *x = &a->memtype[i];
		const struct memtype_tree_entry *y = &b->memtype[i];

		if (x->start != y->start || x->end != y->end ||
		    x->mode != y->mode || x->owner.caller != y->owner.caller)
			ktest_fail(t, __FILE__, __LINE__,
				   "memtype %u [%#llx-%#llx) changed", i,
				   (unsigned long long)x->start,
				   (unsigned long long)x->end);
	}
	for (i = 0; i < 2; i++) {
		KTEST_EXPECT_EQ(t, b->pte[i], a->pte[i]);
		KTEST_EXPECT_EQ(t, b->level[i], a->level[i]);
	}
}

/* how many times iounmap() refused @addr with @why since @mark */
static unsigned int ioremap_test_refusals(unsigned long mark,
					  const volatile void __iomem *addr,
					  const char *why)
{
	char text[128];

	scnprintf(text, sizeof(text), "iounmap: bad address %p (%s)",
		  (__force const void *)addr, why);
	return ktest_log_count(mark, text);
}

static void ioremap_test_bad_input(struct ktest *t)
{
	static struct ioremap_test_state before, after;
	unsigned long ram = get_zeroed_page(GFP_KERNEL);
	const volatile void __iomem *watch[2];
	void __iomem *p, *live, *inside;
	unsigned long mark;

	KTEST_ASSERT_TRUE(t, ram != 0);
	KTEST_EXPECT_TRUE(t, ioremap(__pa((void *)ram), PAGE_SIZE) == NULL);
	KTEST_EXPECT_TRUE(t, ioremap(test_bar(20), 0) == NULL);
	KTEST_EXPECT_TRUE(t, ioremap(~0ULL - 0xfff, 0x2000) == NULL);
	KTEST_EXPECT_TRUE(t, ioremap(1ULL << boot_cpu_data.x86_phys_bits,
				     PAGE_SIZE) == NULL);
	/* an unaligned request keeps its offset */
	p = ioremap(test_bar(20) + 0x123, 0x10);
	KTEST_ASSERT_TRUE(t, p != NULL);
	KTEST_EXPECT_EQ(t, (unsigned long)(__force void *)p & ~PAGE_MASK, 0x123);
	/* mapped before p is freed, so that it cannot take p's place */
	live = ioremap(test_bar(21), 2 * PAGE_SIZE);
	KTEST_ASSERT_TRUE(t, live != NULL);
	iounmap(p);
	/*
	 * A second iounmap, an address ioremap never returned (the second
	 * page of a live mapping) and one outside the ioremap area: each
	 * refused with its warning, and nothing changed.
	 */
	inside = live + PAGE_SIZE;
	watch[0] = p;
	watch[1] = inside;
	ioremap_test_state_take(&before, watch);
	KTEST_EXPECT_FALSE(t, before.pte[0] & _PAGE_PRESENT);
	KTEST_EXPECT_TRUE(t, before.pte[1] & _PAGE_PRESENT);
	mark = ktest_log_mark();
	iounmap(p);
	iounmap(inside);
	iounmap((void __iomem *)ram);
	ioremap_test_state_take(&after, watch);
	ioremap_test_expect_same(t, &before, &after);
	KTEST_EXPECT_EQ(t, ioremap_test_refusals(mark, p,
			"not returned by ioremap, or unmapped twice"), 1);
	KTEST_EXPECT_EQ(t, ioremap_test_refusals(mark, inside,
			"not returned by ioremap, or unmapped twice"), 1);
	KTEST_EXPECT_EQ(t, ioremap_test_refusals(mark, (void __iomem *)ram,
			"not in the ioremap area"), 1);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, "WARNING: at "), 3);
	iounmap(live);
	KTEST_EXPECT_EQ(t, lookup_memtype(test_bar(20)), pat_enabled() ? UCM : WB);
	free_page(ram);
	ktest_expect_no_alias(t);
}

static void ioremap_test_large_pages(struct ktest *t)
{
	u64 bar = test_bar(32) & ~(PMD_SIZE - 1);
	void __iomem *p = ioremap_wc(bar, 2 * PMD_SIZE);
	enum pg_level level;

	KTEST_ASSERT_TRUE(t, p != NULL);
	pt_read_entry((unsigned long)(__force void *)p, &level);
	KTEST_EXPECT_EQ(t, level, PG_LEVEL_2M);
	if (pat_enabled())
		KTEST_EXPECT_EQ(t, mapped_mode(p), WC);
	iounmap(p);
	ktest_expect_no_alias(t);
}

static unsigned long tree_entries(void)
{
	struct memtype_tree_entry one;
	unsigned long total;

	memtype_snapshot(&one, 1, &total);
	return total;
}

/*
 * The legacy ISA range is untracked: Linux maps it WB whatever was asked
 * (its MTRRs decide the type), with no reservation to free.  A range
 * running from it into RAM is refused.
 */
static void ioremap_test_isa_range(struct ktest *t)
{
	unsigned long entries = tree_entries(), mark;
	void __iomem *wc, *uc;

	/* apart: with PAT off, untracked, they would really be WC and UC */
	wc = ioremap_wc(0xa0000, 0x10000);
	uc = ioremap_uc(0xb8000, 0x1000);
	KTEST_ASSERT_TRUE(t, wc && uc);
	if (pat_enabled()) {
		KTEST_EXPECT_EQ(t, mapped_mode(wc), WB);
		KTEST_EXPECT_EQ(t, mapped_mode(uc), WB);
		KTEST_EXPECT_EQ(t, lookup_memtype(0xa0000), WB);
	}
	KTEST_EXPECT_EQ(t, tree_entries(), entries);
	ktest_expect_no_alias(t);
	mark = ktest_log_mark();
	iounmap(uc);
	iounmap(wc);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, "freeing invalid memtype"), 0);
	KTEST_EXPECT_TRUE(t, ioremap(0xff000, 0x2000) == NULL);
	KTEST_EXPECT_EQ(t, tree_entries(), entries);
}

/*
 * Granted a weaker mode than asked, ioremap names the entry it adopted
 * the mode from: the holder, not the request's own new entry (which starts
 * lower here, so a search after the insert finds it first).
 */
static void ioremap_test_weaker_names_holder(struct ktest *t)
{
	u64 b = test_bar(40);
	unsigned long mark = ktest_log_mark();
	void __iomem *p;
	char want[160];

	if (!pat_enabled()) {
		ktest_skip(t, "PAT is off: every request is granted as asked");
		return;
	}
	KTEST_ASSERT_TRUE(t, !memtype_reserve(b + 2 * PAGE_SIZE,
					      b + 4 * PAGE_SIZE, UCM, NULL));
	p = ioremap_wc(b, 4 * PAGE_SIZE);
	KTEST_ASSERT_TRUE(t, p != NULL);
	KTEST_EXPECT_EQ(t, mapped_mode(p), UCM);
	snprintf(want, sizeof(want),
		 "ioremap: [mem %#010llx-%#010llx] requested write-combining, got uncached-minus: [mem %#010llx-%#010llx] is held uncached-minus by ioremap_test_weaker_names_holder+",
		 (unsigned long long)b, (unsigned long long)b + 4 * PAGE_SIZE - 1,
		 (unsigned long long)b + 2 * PAGE_SIZE,
		 (unsigned long long)b + 4 * PAGE_SIZE - 1);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, want), 1);
	iounmap(p);
	KTEST_EXPECT_EQ(t, memtype_free(b + 2 * PAGE_SIZE, b + 4 * PAGE_SIZE),
			0);
	KTEST_EXPECT_EQ(t, lookup_memtype(b), UCM);
	ktest_expect_no_alias(t);
}

/* the first RAM entry of e820 that ends inside a page, or 0 */
static u64 ram_end_mid_page(void)
{
	unsigned int i;

	for (i = 0; i < e820_table.nr_entries; i++) {
		const struct e820_entry *e = &e820_table.entries[i];

		if (e->type == E820_TYPE_RAM && ((e->addr + e->size) & ~PAGE_MASK))
			return e->addr + e->size;
	}
	return 0;
}

/*
 * memremap(MEMREMAP_WB) of RAM in a page that is RAM only in part (QEMU's
 * e820 ends the low RAM at 0x9fc00): the direct map does not cover that
 * page, so the answer must be a mapping of its own, one that reads.
 */
static void ioremap_test_memremap_partial_page(struct ktest *t)
{
	u64 end = ram_end_mid_page();
	enum pg_level level;
	void *p;

	if (!end) {
		ktest_skip(t, "no RAM entry ends inside a page here");
		return;
	}
	p = memremap(end - 16, 16, MEMREMAP_WB);
	KTEST_ASSERT_TRUE(t, p != NULL);
	KTEST_EXPECT_FALSE(t, virt_in_direct_map((unsigned long)p));
	KTEST_EXPECT_TRUE(t, pt_read_entry((unsigned long)p, &level) &
			  _PAGE_PRESENT);
	memunmap(p);
	/* whole pages of RAM still come back through the direct map */
	p = memremap((end & PAGE_MASK) - PAGE_SIZE, 16, MEMREMAP_WB);
	KTEST_EXPECT_TRUE(t, p == __va((end & PAGE_MASK) - PAGE_SIZE));
	memunmap(p);
}

static struct ktest_case ioremap_cases[] = {
	KTEST_CASE(ioremap_test_matrix),
	KTEST_CASE(ioremap_test_bar_conflicts),
	KTEST_CASE(ioremap_test_bad_input),
	KTEST_CASE(ioremap_test_large_pages),
	KTEST_CASE(ioremap_test_isa_range),
	KTEST_CASE(ioremap_test_weaker_names_holder),
	KTEST_CASE(ioremap_test_memremap_partial_page),
	{}
};
KTEST_SUITE(pat_ioremap, ioremap_cases);

static bool direct_counts_equal(const unsigned long *a)
{
	return !memcmp(a, direct_pages_count, sizeof(direct_pages_count));
}

static void set_memory_test_round_trip(struct ktest *t)
{
	static const int sizes[] = { 1, 3, 512, 1024 };
	unsigned long before[PG_LEVEL_NUM];
	unsigned int i;

	memcpy(before, direct_pages_count, sizeof(before));
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		unsigned int order = sizes[i] > 512 ? 10 : sizes[i] > 1 ? 9 : 0;
		unsigned long va = __get_free_pages(GFP_KERNEL, order);

		KTEST_ASSERT_TRUE(t, va != 0);
		KTEST_EXPECT_EQ(t, set_memory_uc(va, sizes[i]), 0);
		if (pat_enabled()) {
			KTEST_EXPECT_EQ(t, lookup_memtype(__pa((void *)va)), UCM);
			KTEST_EXPECT_EQ(t, mapped_mode((void __iomem *)va), UCM);
		}
		ktest_expect_no_alias(t);
		KTEST_EXPECT_EQ(t, set_memory_wb(va, sizes[i]), 0);
		KTEST_EXPECT_EQ(t, mapped_mode((void __iomem *)va), WB);
		free_pages(va, order);
		KTEST_EXPECT_TRUE(t, direct_counts_equal(before));
	}
	ktest_expect_no_alias(t);
}

static void set_memory_test_conflict_and_share(struct ktest *t)
{
	unsigned long va = get_zeroed_page(GFP_KERNEL);

	KTEST_ASSERT_TRUE(t, va != 0);
	if (!pat_enabled()) {
		ktest_skip(t, "PAT is off");
		free_page(va);
		return;
	}
	KTEST_EXPECT_EQ(t, set_memory_wc(va, 1), 0);
	KTEST_EXPECT_EQ(t, set_memory_uc(va, 1), -EBUSY);
	KTEST_EXPECT_EQ(t, set_memory_wc(va, 1), 0);		/* shared */
	KTEST_EXPECT_EQ(t, set_memory_wb(va, 1), 0);
	KTEST_EXPECT_EQ(t, mapped_mode((void __iomem *)va), WC);	/* still held */
	KTEST_EXPECT_EQ(t, set_memory_wb(va, 1), 0);
	KTEST_EXPECT_EQ(t, mapped_mode((void __iomem *)va), WB);
	KTEST_EXPECT_EQ(t, set_memory_wb(va, 1), -EINVAL);	/* nothing held */
	KTEST_EXPECT_EQ(t, set_memory_uc(VMALLOC_START, 1), -EINVAL);
	KTEST_EXPECT_EQ(t, set_memory_uc((unsigned long)__va(0xfee00000ULL), 1),
			-EINVAL);
	free_page(va);
	ktest_expect_no_alias(t);
}

static void set_memory_test_fault_injection(struct ktest *t)
{
	unsigned long va = __get_free_pages(GFP_KERNEL, 9), before[PG_LEVEL_NUM];

	KTEST_ASSERT_TRUE(t, va != 0);
	memcpy(before, direct_pages_count, sizeof(before));
	fail_page_alloc_after(0);
	KTEST_EXPECT_EQ(t, set_memory_uc(va + 5 * PAGE_SIZE, 2), -ENOMEM);
	fail_page_alloc_after(-1);
	KTEST_EXPECT_TRUE(t, direct_counts_equal(before));
	KTEST_EXPECT_EQ(t, lookup_memtype(__pa((void *)(va + 5 * PAGE_SIZE))), WB);
	KTEST_EXPECT_EQ(t, mapped_mode((void __iomem *)(va + 5 * PAGE_SIZE)), WB);
	free_pages(va, 9);
	ktest_expect_no_alias(t);
}

static void set_memory_test_array(struct ktest *t)
{
	unsigned long a[3];
	unsigned int i;

	for (i = 0; i < 3; i++)
		a[i] = get_zeroed_page(GFP_KERNEL);
	KTEST_ASSERT_TRUE(t, a[0] && a[1] && a[2]);
	KTEST_EXPECT_EQ(t, set_memory_array_wc(a, 3), 0);
	for (i = 0; i < 3; i++) {
		if (pat_enabled())
			KTEST_EXPECT_EQ(t, lookup_memtype(__pa((void *)a[i])), WC);
		/* with PAT off, WC maps as the tables in force say */
		KTEST_EXPECT_EQ(t, mapped_mode((void __iomem *)a[i]),
				pat_enabled() ? WC :
				pgprot2cachemode(cachemode2protval(WC)));
	}
	if (pat_enabled()) {
		/* one page held UC- by someone else: all or nothing */
		KTEST_EXPECT_EQ(t, set_memory_array_wb(a, 3), 0);
		KTEST_EXPECT_EQ(t, set_memory_uc(a[2], 1), 0);
		KTEST_EXPECT_EQ(t, set_memory_array_wc(a, 3), -EBUSY);
		for (i = 0; i < 3; i++) {
			enum page_cache_mode m = i == 2 ? UCM : WB;

			KTEST_EXPECT_EQ(t, lookup_memtype(__pa((void *)a[i])), m);
			KTEST_EXPECT_EQ(t, mapped_mode((void __iomem *)a[i]), m);
		}
		KTEST_EXPECT_EQ(t, set_memory_wb(a[2], 1), 0);
	} else {
		KTEST_EXPECT_EQ(t, set_memory_array_wb(a, 3), 0);
	}
	for (i = 0; i < 3; i++)
		free_page(a[i]);
	ktest_expect_no_alias(t);
}

static struct ktest_case set_memory_cases[] = {
	KTEST_CASE(set_memory_test_round_trip),
	KTEST_CASE(set_memory_test_conflict_and_share),
	KTEST_CASE(set_memory_test_fault_injection),
	KTEST_CASE(set_memory_test_array),
	{}
};
KTEST_SUITE(pat_set_memory, set_memory_cases);

static void alias_test_clean_boot(struct ktest *t)
{
	static struct alias_verify_result res;

	KTEST_EXPECT_EQ(t, pat_verify_aliases(&res), 0);
	KTEST_EXPECT_TRUE(t, res.pages > 1000 && res.mappings > 3);
}

static bool alias_reported(const struct alias_verify_result *res,
			   const char *line)
{
	unsigned int i;

	for (i = 0; i < res->nr_reported; i++)
		if (!strcmp(res->report[i], line))
			return true;
	return false;
}

/*
 * Test hook: map a RAM page UC behind PAT's back.  The walk must report
 * exactly the two violations: the page has two effective types, and one
 * mapping is not what the page is reserved for (RAM is counted with PAT
 * off too).
 */
static void alias_test_planted_alias(struct ktest *t)
{
	static struct alias_verify_result res;
	unsigned long ram = get_zeroed_page(GFP_KERNEL);
	struct vm_struct *area = get_vm_area_caller(PAGE_SIZE, PAGE_SIZE,
						    VM_IOREMAP, 0);
	char want[ALIAS_REPORT_LEN];
	u64 p;

	KTEST_ASSERT_TRUE(t, ram && area);
	p = __pa((void *)ram);
	KTEST_ASSERT_TRUE(t, !vmap_range((unsigned long)area->addr, p,
					 PAGE_SIZE,
					 pgprot_kernel_cachemode(UC)));
	KTEST_EXPECT_EQ(t, pat_verify_aliases(&res), -EFAULT);
	KTEST_EXPECT_EQ(t, res.violations, 2);
	snprintf(want, sizeof(want),
		 "alias: [mem %#010llx-%#010llx] mapped write-back at %#lx and uncached at %#lx",
		 (unsigned long long)p, (unsigned long long)p + PAGE_SIZE - 1,
		 ram, (unsigned long)area->addr);
	if (!alias_reported(&res, want))
		ktest_fail(t, __FILE__, __LINE__, "not reported: %s", want);
	snprintf(want, sizeof(want),
		 "reservation: [mem %#010llx-%#010llx] reserved write-back but mapped uncached at %#lx",
		 (unsigned long long)p, (unsigned long long)p + PAGE_SIZE - 1,
		 (unsigned long)area->addr);
	if (!alias_reported(&res, want))
		ktest_fail(t, __FILE__, __LINE__, "not reported: %s", want);
	vunmap_range((unsigned long)area->addr, PAGE_SIZE);
	free_vm_area(area);
	free_page(ram);
	KTEST_EXPECT_EQ(t, pat_verify_aliases(&res), 0);
}

static struct ktest_case alias_cases[] = {
	KTEST_CASE(alias_test_clean_boot),
	KTEST_CASE(alias_test_planted_alias),
	{}
};
KTEST_SUITE(pat_alias, alias_cases);
