// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of arch/x86/mm/cpa_plan.c: split planning against a model of
 * the page tables (hand-written layouts and a randomized oracle), and the
 * split/merge entry arithmetic including the PAT-bit move.
 */
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/types.h>
#include <asm/pgtable_types.h>
#include "../../../arch/x86/mm/cpa_plan.h"
#include "unit.h"

#define SZ_4K	0x1000UL
#define SZ_2M	0x200000UL
#define SZ_1G	0x40000000UL

/*
 * The model: 8 GiB from MODEL_BASE described per 2 MiB granule.  A 1G leaf
 * marks its 512 granules PG_LEVEL_1G; a hole is PG_LEVEL_NONE.  Holes are
 * whole granules, which is all the planner needs to meet.
 */
#define MODEL_BASE	0xffff888000000000UL
#define MODEL_GRANS	4096

struct model {
	struct cpa_pt_view view;
	unsigned long base;
	unsigned char gran[MODEL_GRANS];
};

static enum pg_level model_leaf_level(const struct cpa_pt_view *view,
				      unsigned long va)
{
	const struct model *m = (const struct model *)view;
	unsigned long i = (va - m->base) / SZ_2M;

	if (va < m->base || i >= MODEL_GRANS)
		return PG_LEVEL_NONE;
	return m->gran[i];
}

static void model_init(struct model *m, unsigned long base, enum pg_level l)
{
	unsigned int i;

	m->view.leaf_level = model_leaf_level;
	m->base = base;
	for (i = 0; i < MODEL_GRANS; i++)
		m->gran[i] = l;
}

/* carry out one split on the model; false if it does not fit the model */
static bool model_split(struct model *m, const struct cpa_split *s)
{
	unsigned long i = (s->va - m->base) / SZ_2M, n;

	if (model_leaf_level(&m->view, s->va) != s->level ||
	    s->va & (pt_level_size(s->level) - 1))
		return false;
	if (s->level == PG_LEVEL_2M) {
		m->gran[i] = PG_LEVEL_4K;
		return true;
	}
	for (n = 0; n < 512; n++)
		m->gran[i + n] = PG_LEVEL_2M;
	return true;
}

static int plan_one(struct model *m, struct cpa_plan *p, unsigned long start,
		    unsigned long end)
{
	cpa_plan_init(p);
	return cpa_plan_add_range(p, &m->view, start, end);
}

UNIT_TEST(cpa_plan, aligned_1g_needs_nothing)
{
	struct model m;
	struct cpa_plan p;

	model_init(&m, MODEL_BASE, PG_LEVEL_1G);
	EXPECT_EQ(plan_one(&m, &p, MODEL_BASE + SZ_1G, MODEL_BASE + 3 * SZ_1G), 0);
	EXPECT_EQ(p.nr_splits, 0);
}

UNIT_TEST(cpa_plan, one_page_in_1g_splits_twice)
{
	struct model m;
	struct cpa_plan p;
	unsigned long va = MODEL_BASE + SZ_1G + 5 * SZ_2M + 3 * SZ_4K;

	model_init(&m, MODEL_BASE, PG_LEVEL_1G);
	ASSERT_EQ(plan_one(&m, &p, va, va + SZ_4K), 0);
	ASSERT_EQ(p.nr_splits, 2);
	EXPECT_EQ(p.splits[0].level, PG_LEVEL_1G);
	EXPECT_EQ(p.splits[0].va, MODEL_BASE + SZ_1G);
	EXPECT_EQ(p.splits[1].level, PG_LEVEL_2M);
	EXPECT_EQ(p.splits[1].va, MODEL_BASE + SZ_1G + 5 * SZ_2M);
}

UNIT_TEST(cpa_plan, ends_in_two_2m_pages_of_one_1g)
{
	struct model m;
	struct cpa_plan p;
	unsigned long g = MODEL_BASE + 2 * SZ_1G;

	model_init(&m, MODEL_BASE, PG_LEVEL_1G);
	ASSERT_EQ(plan_one(&m, &p, g + SZ_2M + SZ_4K, g + 9 * SZ_2M + SZ_4K), 0);
	/* the 1G page once, then each end's 2M page */
	ASSERT_EQ(p.nr_splits, 3);
	EXPECT_EQ(p.splits[0].level, PG_LEVEL_1G);
	EXPECT_EQ(p.splits[1].va, g + SZ_2M);
	EXPECT_EQ(p.splits[2].va, g + 9 * SZ_2M);
}

UNIT_TEST(cpa_plan, 2m_aligned_range_in_1g_splits_once)
{
	struct model m;
	struct cpa_plan p;

	model_init(&m, MODEL_BASE, PG_LEVEL_1G);
	ASSERT_EQ(plan_one(&m, &p, MODEL_BASE + 4 * SZ_2M,
			   MODEL_BASE + 6 * SZ_2M), 0);
	ASSERT_EQ(p.nr_splits, 1);
	EXPECT_EQ(p.splits[0].level, PG_LEVEL_1G);
}

UNIT_TEST(cpa_plan, 4k_leaves_need_nothing)
{
	struct model m;
	struct cpa_plan p;

	model_init(&m, MODEL_BASE, PG_LEVEL_4K);
	EXPECT_EQ(plan_one(&m, &p, MODEL_BASE + SZ_4K, MODEL_BASE + 3 * SZ_4K), 0);
	EXPECT_EQ(p.nr_splits, 0);
}

UNIT_TEST(cpa_plan, hole_is_refused_and_plans_nothing)
{
	struct model m;
	struct cpa_plan p;

	model_init(&m, MODEL_BASE, PG_LEVEL_2M);
	m.gran[7] = PG_LEVEL_NONE;
	EXPECT_EQ(plan_one(&m, &p, MODEL_BASE + SZ_4K, MODEL_BASE + 8 * SZ_2M),
		  -EINVAL);
	EXPECT_EQ(p.nr_splits, 0);
	/* the hole's last page only */
	EXPECT_EQ(plan_one(&m, &p, MODEL_BASE + 8 * SZ_2M - SZ_4K,
			   MODEL_BASE + 8 * SZ_2M), -EINVAL);
	/* right after the hole is fine */
	EXPECT_EQ(plan_one(&m, &p, MODEL_BASE + 8 * SZ_2M,
			   MODEL_BASE + 8 * SZ_2M + SZ_4K), 0);
	EXPECT_EQ(p.nr_splits, 1);
}

UNIT_TEST(cpa_plan, bad_ranges)
{
	struct model m;
	struct cpa_plan p;

	model_init(&m, MODEL_BASE, PG_LEVEL_2M);
	EXPECT_EQ(plan_one(&m, &p, MODEL_BASE, MODEL_BASE), -EINVAL);
	EXPECT_EQ(plan_one(&m, &p, MODEL_BASE + SZ_4K, MODEL_BASE), -EINVAL);
	EXPECT_EQ(plan_one(&m, &p, MODEL_BASE + 1, MODEL_BASE + SZ_4K), -EINVAL);
	EXPECT_EQ(plan_one(&m, &p, MODEL_BASE, MODEL_BASE + 0x800), -EINVAL);
	/* past the end of the model */
	EXPECT_EQ(plan_one(&m, &p, MODEL_BASE + 8 * SZ_1G - SZ_4K,
			   MODEL_BASE + 8 * SZ_1G + SZ_4K), -EINVAL);
}

UNIT_TEST(cpa_plan, top_of_address_space)
{
	struct model m;
	struct cpa_plan p;

	/* the model's last GiB ends at 2^64: end == 0 means "to the top" */
	model_init(&m, 0UL - 8 * SZ_1G, PG_LEVEL_1G);
	ASSERT_EQ(plan_one(&m, &p, 0UL - SZ_4K, 0), 0);
	ASSERT_EQ(p.nr_splits, 2);
	EXPECT_EQ(p.splits[0].va, 0UL - SZ_1G);
	EXPECT_EQ(p.splits[1].va, 0UL - SZ_2M);
	EXPECT_EQ(plan_one(&m, &p, 0UL - SZ_1G, 0), 0);
	EXPECT_EQ(p.nr_splits, 0);
}

UNIT_TEST(cpa_plan, alias_range_shares_the_plan)
{
	struct model m;
	struct cpa_plan p;
	unsigned long va = MODEL_BASE + 3 * SZ_2M + SZ_4K;

	model_init(&m, MODEL_BASE, PG_LEVEL_1G);
	cpa_plan_init(&p);
	ASSERT_EQ(cpa_plan_add_range(&p, &m.view, va, va + SZ_4K), 0);
	/* the same range again adds nothing; another GiB adds its own */
	ASSERT_EQ(cpa_plan_add_range(&p, &m.view, va, va + SZ_4K), 0);
	EXPECT_EQ(p.nr_splits, 2);
	ASSERT_EQ(cpa_plan_add_range(&p, &m.view, va + SZ_1G, va + SZ_1G + SZ_4K), 0);
	EXPECT_EQ(p.nr_splits, 4);
	ASSERT_EQ(cpa_plan_add_range(&p, &m.view, va + 2 * SZ_1G + SZ_2M,
				     va + 2 * SZ_1G + 5 * SZ_2M), 0);
	EXPECT_EQ(p.nr_splits, 7);
	/* a fourth range may overflow: refused, not truncated */
	EXPECT_EQ(cpa_plan_add_range(&p, &m.view, va + 3 * SZ_1G + SZ_2M,
				     va + 3 * SZ_1G + 5 * SZ_2M), -ENOSPC);
}

static void random_layout(struct model *m, unsigned long long *rs)
{
	unsigned int g, i;

	model_init(m, MODEL_BASE, PG_LEVEL_NONE);
	for (g = 0; g < MODEL_GRANS / 512; g++) {
		unsigned int kind = unit_rand(rs) % 4;

		for (i = 0; i < 512; i++) {
			unsigned char *l = &m->gran[g * 512 + i];

			if (kind == 0)
				*l = PG_LEVEL_1G;
			else if (kind == 1)
				*l = PG_LEVEL_2M;
			else	/* mixed: mostly 2M, some 4K, few holes */
				*l = (unsigned char[]){ PG_LEVEL_2M, PG_LEVEL_2M,
					PG_LEVEL_4K, PG_LEVEL_4K, PG_LEVEL_4K,
					PG_LEVEL_NONE }[unit_rand(rs) % (kind == 2 ? 5 : 6)];
		}
	}
}

static bool range_mapped(const struct model *m, unsigned long s, unsigned long e)
{
	unsigned long i;

	for (i = (s - m->base) / SZ_2M; i <= (e - 1 - m->base) / SZ_2M; i++)
		if (m->gran[i] == PG_LEVEL_NONE)
			return false;
	return true;
}

static unsigned long random_boundary(unsigned long long *rs)
{
	unsigned long off = unit_rand(rs) % (MODEL_GRANS * SZ_2M / SZ_4K);

	/* aligned boundaries are the interesting corner: favour them */
	switch (unit_rand(rs) % 3) {
	case 0:
		off &= ~(SZ_1G / SZ_4K - 1);
		break;
	case 1:
		off &= ~(SZ_2M / SZ_4K - 1);
		break;
	}
	return MODEL_BASE + off * SZ_4K;
}

/*
 * The oracle: after the planned splits every leaf touching the range lies
 * inside it (enough), every split had an end strictly inside it (needed),
 * and every split found the entry it expected (in order).
 */
UNIT_TEST(cpa_plan, randomized_against_model)
{
	unsigned long long rs = unit_seed();
	unsigned int iter, i;

	for (iter = 0; iter < 3000; iter++) {
		static struct model m;
		struct cpa_plan p;
		unsigned long s = random_boundary(&rs), e = random_boundary(&rs);
		unsigned long va;
		int err;

		if (s > e) {
			va = s;
			s = e;
			e = va;
		}
		if (s == e)
			e += SZ_4K;
		random_layout(&m, &rs);
		err = plan_one(&m, &p, s, e);
		if (!range_mapped(&m, s, e)) {
			EXPECT_EQ(err, -EINVAL);
			continue;
		}
		ASSERT_EQ(err, 0);
		ASSERT_TRUE(p.nr_splits <= 4);
		for (i = 0; i < p.nr_splits; i++) {
			unsigned long a = p.splits[i].va;
			unsigned long z = a + pt_level_size(p.splits[i].level);

			EXPECT_TRUE((s > a && s < z) || (e > a && e < z));
			if (!model_split(&m, &p.splits[i]))
				ASSERT_FAIL("split %u (%#lx, level %d) does not fit",
					    i, a, p.splits[i].level);
		}
		for (va = s; va < e;) {
			enum pg_level l = model_leaf_level(&m.view, va);
			unsigned long a = va & ~(pt_level_size(l) - 1);

			if (a < s || a + pt_level_size(l) > e)
				ASSERT_FAIL("seed %llu: leaf %#lx level %d crosses [%#lx, %#lx)",
					    unit_seed(), a, l, s, e);
			va = a + pt_level_size(l);
		}
	}
}

#define ATTRS	(_PAGE_PRESENT | _PAGE_RW | _PAGE_ACCESSED | _PAGE_DIRTY | \
		 _PAGE_GLOBAL | _PAGE_NX)

UNIT_TEST(cpa_split, 2m_moves_pat_bit_to_bit_7)
{
	static pteval_t t[512];
	pteval_t large = 0x40200000ULL | ATTRS | _PAGE_PSE | _PAGE_PWT |
			 _PAGE_PAT_LARGE;
	unsigned int i;

	cpa_split_entries(large, PG_LEVEL_2M, t);
	for (i = 0; i < 512; i++) {
		EXPECT_EQ(t[i] & PTE_PFN_MASK, 0x40200000ULL + i * SZ_4K);
		EXPECT_EQ(t[i] & ~PTE_PFN_MASK, ATTRS | _PAGE_PWT | _PAGE_PAT);
	}
}

UNIT_TEST(cpa_split, 2m_without_pat_has_bit_7_clear)
{
	static pteval_t t[512];
	pteval_t large = 0x600000ULL | ATTRS | _PAGE_PSE | _PAGE_PCD;
	unsigned int i;

	cpa_split_entries(large, PG_LEVEL_2M, t);
	for (i = 0; i < 512; i++) {
		EXPECT_EQ(t[i] & PTE_PFN_MASK, 0x600000ULL + i * SZ_4K);
		EXPECT_EQ(t[i] & ~PTE_PFN_MASK, ATTRS | _PAGE_PCD);
	}
}

UNIT_TEST(cpa_split, 1g_keeps_large_layout)
{
	static pteval_t t[512];
	pteval_t large = 0x80000000ULL | ATTRS | _PAGE_PSE | _PAGE_PAT_LARGE;
	unsigned int i;

	cpa_split_entries(large, PG_LEVEL_1G, t);
	for (i = 0; i < 512; i++)
		EXPECT_EQ(t[i], (0x80000000ULL + i * SZ_2M) | ATTRS | _PAGE_PSE |
				_PAGE_PAT_LARGE);
}

UNIT_TEST(cpa_merge, round_trips)
{
	static const pteval_t extra[] = { 0, _PAGE_PAT_LARGE, _PAGE_PWT | _PAGE_PCD,
					  _PAGE_PAT_LARGE | _PAGE_PCD };
	static pteval_t t[512];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(extra); i++) {
		pteval_t l2 = 0x1fe00000ULL | ATTRS | _PAGE_PSE | extra[i];
		pteval_t l1 = 0x40000000ULL | ATTRS | _PAGE_PSE | extra[i];

		cpa_split_entries(l2, PG_LEVEL_2M, t);
		ASSERT_TRUE(cpa_entries_mergeable(t, PG_LEVEL_4K));
		EXPECT_EQ(cpa_merged_entry(t, PG_LEVEL_4K), l2);
		cpa_split_entries(l1, PG_LEVEL_1G, t);
		ASSERT_TRUE(cpa_entries_mergeable(t, PG_LEVEL_2M));
		EXPECT_EQ(cpa_merged_entry(t, PG_LEVEL_2M), l1);
	}
}

UNIT_TEST(cpa_merge, refuses_what_differs)
{
	static pteval_t t[512];
	pteval_t l2 = 0x20000000ULL | ATTRS | _PAGE_PSE;

	cpa_split_entries(l2, PG_LEVEL_2M, t);
	t[300] &= ~_PAGE_RW;
	EXPECT_FALSE(cpa_entries_mergeable(t, PG_LEVEL_4K));
	cpa_split_entries(l2, PG_LEVEL_2M, t);
	t[511] |= _PAGE_PAT;
	EXPECT_FALSE(cpa_entries_mergeable(t, PG_LEVEL_4K));
	cpa_split_entries(l2, PG_LEVEL_2M, t);
	t[17] += SZ_4K;		/* frames out of order */
	EXPECT_FALSE(cpa_entries_mergeable(t, PG_LEVEL_4K));
	cpa_split_entries(l2, PG_LEVEL_2M, t);
	t[0] &= ~_PAGE_PRESENT;
	EXPECT_FALSE(cpa_entries_mergeable(t, PG_LEVEL_4K));
	/* hardware's accessed/dirty bits do not count, and are kept */
	cpa_split_entries(l2 & ~(_PAGE_ACCESSED | _PAGE_DIRTY), PG_LEVEL_2M, t);
	t[9] |= _PAGE_DIRTY;
	ASSERT_TRUE(cpa_entries_mergeable(t, PG_LEVEL_4K));
	EXPECT_EQ(cpa_merged_entry(t, PG_LEVEL_4K), (l2 & ~_PAGE_ACCESSED));
	/* 2M entries that point to tables (no PS) are not leaves */
	cpa_split_entries(0x40000000ULL | ATTRS | _PAGE_PSE, PG_LEVEL_1G, t);
	t[4] &= ~_PAGE_PSE;
	EXPECT_FALSE(cpa_entries_mergeable(t, PG_LEVEL_2M));
}

UNIT_TEST(pgtable, index_math)
{
	unsigned long va = 0xffff888000000000UL + 3 * SZ_1G + 7 * SZ_2M + 9 * SZ_4K;

	EXPECT_EQ(pt_index(va, PG_LEVEL_512G), 273);
	EXPECT_EQ(pt_index(va, PG_LEVEL_1G), 3);
	EXPECT_EQ(pt_index(va, PG_LEVEL_2M), 7);
	EXPECT_EQ(pt_index(va, PG_LEVEL_4K), 9);
	EXPECT_EQ(pt_index(0xffffffff80200000UL, PG_LEVEL_512G), 511);
	EXPECT_EQ(pt_index(0xffffffff80200000UL, PG_LEVEL_1G), 510);
	EXPECT_EQ(pt_index(0xffffffff80200000UL, PG_LEVEL_2M), 1);
	EXPECT_EQ(pt_level_size(PG_LEVEL_4K), SZ_4K);
	EXPECT_EQ(pt_level_size(PG_LEVEL_2M), SZ_2M);
	EXPECT_EQ(pt_level_size(PG_LEVEL_1G), SZ_1G);
	EXPECT_EQ(pt_level_size(PG_LEVEL_512G), 512 * SZ_1G);
}

UNIT_TEST(pgtable, pat_bit_helpers)
{
	EXPECT_EQ(protval_4k_2_large(_PAGE_PAT | _PAGE_PWT), _PAGE_PAT_LARGE | _PAGE_PWT);
	EXPECT_EQ(protval_4k_2_large(_PAGE_PCD), _PAGE_PCD);
	EXPECT_EQ(protval_large_2_4k(_PAGE_PAT_LARGE | _PAGE_NX), _PAGE_PAT | _PAGE_NX);
	EXPECT_EQ(protval_large_2_4k(_PAGE_PSE | _PAGE_RW), _PAGE_RW);
	EXPECT_EQ(protval_large_2_4k(protval_4k_2_large(_PAGE_PAT | _PAGE_PCD)),
		  _PAGE_PAT | _PAGE_PCD);
}
