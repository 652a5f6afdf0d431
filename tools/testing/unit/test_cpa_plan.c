// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of arch/x86/mm/cpa_plan.c: split counting against a model of
 * the page tables (hand-written layouts, changes that treat pages alike or
 * not, and a randomized oracle that splits the model as the CPA core does),
 * and the split/merge entry arithmetic including the PAT-bit move.
 */
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/types.h>
#include <asm/page_cache_mode.h>
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

/*
 * A change's targets as a step function: the change treats two pages
 * differently exactly when a breakpoint lies between them.
 */
struct targets {
	struct cpa_uniform u;
	unsigned int nr;
	unsigned long at[8];	/* a page where the target changes */
};

static bool targets_uniform(const struct cpa_uniform *u, unsigned long va,
			    unsigned long size)
{
	const struct targets *t = (const struct targets *)u;
	unsigned int i;

	for (i = 0; i < t->nr; i++)
		if (t->at[i] > va && t->at[i] - va < size)
			return false;
	return true;
}

static void targets_init(struct targets *t)
{
	t->u.uniform = targets_uniform;
	t->nr = 0;
}

/* carry out one split on the model */
static void model_split(struct model *m, unsigned long leaf, enum pg_level l)
{
	unsigned long i = (leaf - m->base) / SZ_2M, n;

	if (l == PG_LEVEL_2M) {
		m->gran[i] = PG_LEVEL_4K;
		return;
	}
	for (n = 0; n < 512; n++)
		m->gran[i + n] = PG_LEVEL_2M;
}

/*
 * What the CPA core does with a plan, on the model: walk the range and
 * split every leaf cpa_must_split() names.  Returns the splits made.
 */
static unsigned int model_apply(struct model *m, unsigned long s,
				unsigned long e, const struct cpa_uniform *u)
{
	unsigned long va = s, leaf;
	unsigned int n = 0;
	enum pg_level l;

	while (va - s < e - s) {
		l = model_leaf_level(&m->view, va);
		leaf = va & ~(pt_level_size(l) - 1);
		if (cpa_must_split(leaf, l, s, e, u)) {
			model_split(m, leaf, l);
			n++;
			continue;
		}
		va = leaf + pt_level_size(l);
	}
	return n;
}

static unsigned int count(struct model *m, const struct cpa_uniform *u,
			  unsigned long start, unsigned long end, int *err)
{
	unsigned int n = 12345;

	*err = cpa_plan_count(&m->view, u, start, end, &n);
	return n;
}

UNIT_TEST(cpa_plan, aligned_1g_needs_nothing)
{
	struct model m;
	int err;

	model_init(&m, MODEL_BASE, PG_LEVEL_1G);
	EXPECT_EQ(count(&m, NULL, MODEL_BASE + SZ_1G, MODEL_BASE + 3 * SZ_1G,
			&err), 0);
	EXPECT_EQ(err, 0);
}

UNIT_TEST(cpa_plan, one_page_in_1g_splits_twice)
{
	struct model m;
	unsigned long va = MODEL_BASE + SZ_1G + 5 * SZ_2M + 3 * SZ_4K;
	int err;

	model_init(&m, MODEL_BASE, PG_LEVEL_1G);
	EXPECT_EQ(count(&m, NULL, va, va + SZ_4K, &err), 2);
	EXPECT_EQ(err, 0);
	EXPECT_EQ(model_apply(&m, va, va + SZ_4K, NULL), 2);
	EXPECT_EQ(m.gran[(va - MODEL_BASE) / SZ_2M], PG_LEVEL_4K);
	EXPECT_EQ(m.gran[(va - MODEL_BASE) / SZ_2M + 1], PG_LEVEL_2M);
}

UNIT_TEST(cpa_plan, ends_in_two_2m_pages_of_one_1g)
{
	struct model m;
	unsigned long g = MODEL_BASE + 2 * SZ_1G;
	int err;

	model_init(&m, MODEL_BASE, PG_LEVEL_1G);
	/* the 1G page once, then each end's 2M page */
	EXPECT_EQ(count(&m, NULL, g + SZ_2M + SZ_4K, g + 9 * SZ_2M + SZ_4K,
			&err), 3);
	EXPECT_EQ(err, 0);
}

UNIT_TEST(cpa_plan, 2m_aligned_range_in_1g_splits_once)
{
	struct model m;
	int err;

	model_init(&m, MODEL_BASE, PG_LEVEL_1G);
	EXPECT_EQ(count(&m, NULL, MODEL_BASE + 4 * SZ_2M,
			MODEL_BASE + 6 * SZ_2M, &err), 1);
	EXPECT_EQ(err, 0);
}

UNIT_TEST(cpa_plan, 4k_leaves_need_nothing)
{
	struct model m;
	int err;

	model_init(&m, MODEL_BASE, PG_LEVEL_4K);
	EXPECT_EQ(count(&m, NULL, MODEL_BASE + SZ_4K, MODEL_BASE + 3 * SZ_4K,
			&err), 0);
	EXPECT_EQ(err, 0);
}

UNIT_TEST(cpa_plan, hole_is_refused_and_plans_nothing)
{
	struct model m;
	int err;

	model_init(&m, MODEL_BASE, PG_LEVEL_2M);
	m.gran[7] = PG_LEVEL_NONE;
	EXPECT_EQ(count(&m, NULL, MODEL_BASE + SZ_4K, MODEL_BASE + 8 * SZ_2M,
			&err), 0);
	EXPECT_EQ(err, -EINVAL);
	/* the hole's last page only */
	count(&m, NULL, MODEL_BASE + 8 * SZ_2M - SZ_4K, MODEL_BASE + 8 * SZ_2M,
	      &err);
	EXPECT_EQ(err, -EINVAL);
	/* right after the hole is fine */
	EXPECT_EQ(count(&m, NULL, MODEL_BASE + 8 * SZ_2M,
			MODEL_BASE + 8 * SZ_2M + SZ_4K, &err), 1);
	EXPECT_EQ(err, 0);
}

UNIT_TEST(cpa_plan, bad_ranges)
{
	struct model m;
	int err;

	model_init(&m, MODEL_BASE, PG_LEVEL_2M);
	count(&m, NULL, MODEL_BASE, MODEL_BASE, &err);
	EXPECT_EQ(err, -EINVAL);
	count(&m, NULL, MODEL_BASE + SZ_4K, MODEL_BASE, &err);
	EXPECT_EQ(err, -EINVAL);
	count(&m, NULL, MODEL_BASE + 1, MODEL_BASE + SZ_4K, &err);
	EXPECT_EQ(err, -EINVAL);
	count(&m, NULL, MODEL_BASE, MODEL_BASE + 0x800, &err);
	EXPECT_EQ(err, -EINVAL);
	/* past the end of the model */
	count(&m, NULL, MODEL_BASE + 8 * SZ_1G - SZ_4K,
	      MODEL_BASE + 8 * SZ_1G + SZ_4K, &err);
	EXPECT_EQ(err, -EINVAL);
}

UNIT_TEST(cpa_plan, top_of_address_space)
{
	struct model m;
	int err;

	/* the model's last GiB ends at 2^64: end == 0 means "to the top" */
	model_init(&m, 0UL - 8 * SZ_1G, PG_LEVEL_1G);
	EXPECT_EQ(count(&m, NULL, 0UL - SZ_4K, 0, &err), 2);
	EXPECT_EQ(err, 0);
	EXPECT_EQ(model_apply(&m, 0UL - SZ_4K, 0, NULL), 2);
	EXPECT_EQ(m.gran[MODEL_GRANS - 1], PG_LEVEL_4K);
	EXPECT_EQ(count(&m, NULL, 0UL - SZ_1G, 0, &err), 0);
}

UNIT_TEST(cpa_plan, non_uniform_change_splits_inside)
{
	struct model m;
	struct targets t;
	unsigned long g = MODEL_BASE + SZ_1G;
	int err;

	model_init(&m, MODEL_BASE, PG_LEVEL_1G);
	targets_init(&t);
	/* a whole GiB whose pages differ at one 4K page of its 2M page 3 */
	t.at[t.nr++] = g + 3 * SZ_2M + 5 * SZ_4K;
	EXPECT_EQ(count(&m, &t.u, g, g + SZ_1G, &err), 2);
	EXPECT_EQ(err, 0);
	EXPECT_EQ(model_apply(&m, g, g + SZ_1G, &t.u), 2);
	EXPECT_EQ(m.gran[512 + 3], PG_LEVEL_4K);
	EXPECT_EQ(m.gran[512 + 4], PG_LEVEL_2M);
	/* differing at a 2M boundary splits the 1G page only */
	model_init(&m, MODEL_BASE, PG_LEVEL_1G);
	t.at[0] = g + 7 * SZ_2M;
	EXPECT_EQ(count(&m, &t.u, g, g + SZ_1G, &err), 1);
	/* and a uniform change of a whole GiB splits nothing */
	t.nr = 0;
	EXPECT_EQ(count(&m, &t.u, g, g + SZ_1G, &err), 0);
	/* a breakpoint outside the range does not count */
	t.at[t.nr++] = g + SZ_1G + SZ_4K;
	EXPECT_EQ(count(&m, &t.u, g, g + SZ_1G, &err), 0);
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

/* the oracle's own idea of a leaf a change of [s, e) may keep whole */
static bool leaf_fits(const struct targets *t, unsigned long a,
		      unsigned long z, unsigned long s, unsigned long e)
{
	unsigned int i;

	if (a < s || z > e)
		return false;
	for (i = 0; i < t->nr; i++)
		if (t->at[i] > a && t->at[i] < z)
			return false;
	return true;
}

/*
 * The oracle, written without cpa_must_split(): the count equals the
 * splits the core makes; afterwards every leaf touching the range lies
 * inside it and the change treats it alike (enough); and no leaf was split
 * that already fitted (needed).
 */
UNIT_TEST(cpa_plan, randomized_against_model)
{
	unsigned long long rs = unit_seed();
	unsigned int iter, i, planned, made;

	for (iter = 0; iter < 3000; iter++) {
		static struct model m, before;
		struct targets t;
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
		targets_init(&t);
		for (i = unit_rand(&rs) % 4; i; i--)
			t.at[t.nr++] = random_boundary(&rs);
		planned = count(&m, (iter & 1) ? &t.u : NULL, s, e, &err);
		if (!(iter & 1))
			t.nr = 0;
		if (!range_mapped(&m, s, e)) {
			EXPECT_EQ(err, -EINVAL);
			EXPECT_EQ(planned, 0);
			continue;
		}
		ASSERT_EQ(err, 0);
		before = m;
		made = model_apply(&m, s, e, &t.u);
		if (made != planned)
			ASSERT_FAIL("seed %llu: planned %u splits, made %u",
				    unit_seed(), planned, made);
		for (va = s; va < e;) {
			enum pg_level l = model_leaf_level(&m.view, va);
			unsigned long a = va & ~(pt_level_size(l) - 1);

			if (l != PG_LEVEL_4K &&
			    !leaf_fits(&t, a, a + pt_level_size(l), s, e))
				ASSERT_FAIL("seed %llu: leaf %#lx level %d does not fit [%#lx, %#lx)",
					    unit_seed(), a, l, s, e);
			va = a + pt_level_size(l);
		}
		/* every 2M granule now split finer than before had to be */
		for (i = 0; i < MODEL_GRANS; i++) {
			unsigned long a = MODEL_BASE + i * SZ_2M;

			if (m.gran[i] == before.gran[i])
				continue;
			if (before.gran[i] == PG_LEVEL_1G) {
				a &= ~(SZ_1G - 1);
				if (leaf_fits(&t, a, a + SZ_1G, s, e))
					ASSERT_FAIL("seed %llu: 1G leaf %#lx split needlessly",
						    unit_seed(), a);
			}
			if (m.gran[i] == PG_LEVEL_4K &&
			    leaf_fits(&t, MODEL_BASE + i * SZ_2M,
				      MODEL_BASE + (i + 1) * SZ_2M, s, e))
				ASSERT_FAIL("seed %llu: 2M leaf %#lx split needlessly",
					    unit_seed(), MODEL_BASE + i * SZ_2M);
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
