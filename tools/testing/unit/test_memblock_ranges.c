// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of mm/memblock_ranges.c: table-driven add/remove cases, then
 * a randomised comparison against a byte map (the oracle) over a small
 * address space, checking the set's invariants after every step.
 */
#include <linux/errno.h>
#include <linux/memblock_ranges.h>
#include "unit.h"

#define CAP 16

struct set {
	struct mb_range r[CAP];
	struct mb_ranges t;
};

static void set_init(struct set *s, unsigned int max)
{
	s->t.cnt = 0;
	s->t.r = s->r;
	s->t.max = max;
}

/* "base-end base-end ..." in hex-less decimal, for readable tables */
static int set_is(const struct mb_ranges *t, const unsigned long long *want,
		  unsigned int n)
{
	unsigned int i;

	if (t->cnt != n)
		return 0;
	for (i = 0; i < n; i++)
		if (t->r[i].base != want[2 * i] || t->r[i].end != want[2 * i + 1])
			return 0;
	return 1;
}

#define SET_IS(t, ...)							\
	do {								\
		const unsigned long long __w[] = { __VA_ARGS__ };	\
		EXPECT_TRUE(set_is(t, __w, sizeof(__w) / sizeof(__w[0]) / 2)); \
	} while (0)

UNIT_TEST(memblock_ranges, add)
{
	struct set s;

	set_init(&s, CAP);
	EXPECT_EQ(mb_ranges_add(&s.t, 10, 20), 0);
	SET_IS(&s.t, 10, 20);
	mb_ranges_add(&s.t, 30, 40);
	SET_IS(&s.t, 10, 20, 30, 40);
	mb_ranges_add(&s.t, 0, 5);
	SET_IS(&s.t, 0, 5, 10, 20, 30, 40);
	/* touching merges */
	mb_ranges_add(&s.t, 5, 10);
	SET_IS(&s.t, 0, 20, 30, 40);
	/* empty and inverted change nothing */
	mb_ranges_add(&s.t, 25, 25);
	mb_ranges_add(&s.t, 27, 26);
	SET_IS(&s.t, 0, 20, 30, 40);
	/* overlap across several */
	mb_ranges_add(&s.t, 50, 60);
	mb_ranges_add(&s.t, 15, 55);
	SET_IS(&s.t, 0, 60);
	/* contained */
	mb_ranges_add(&s.t, 1, 2);
	SET_IS(&s.t, 0, 60);
	/* top of the address space */
	mb_ranges_add(&s.t, ~0ULL - 10, ~0ULL);
	SET_IS(&s.t, 0, 60, ~0ULL - 10, ~0ULL);
	EXPECT_EQ(mb_ranges_total(&s.t), 70);
}

UNIT_TEST(memblock_ranges, add_full)
{
	struct set s;

	set_init(&s, 2);
	EXPECT_EQ(mb_ranges_add(&s.t, 0, 1), 0);
	EXPECT_EQ(mb_ranges_add(&s.t, 4, 5), 0);
	EXPECT_EQ(mb_ranges_add(&s.t, 2, 3), -ENOSPC);
	SET_IS(&s.t, 0, 1, 4, 5);
	/* merging needs no new slot */
	EXPECT_EQ(mb_ranges_add(&s.t, 1, 4), 0);
	SET_IS(&s.t, 0, 5);
}

UNIT_TEST(memblock_ranges, remove)
{
	struct set s;

	set_init(&s, CAP);
	mb_ranges_add(&s.t, 0, 100);
	EXPECT_EQ(mb_ranges_remove(&s.t, 40, 60), 0);
	SET_IS(&s.t, 0, 40, 60, 100);
	mb_ranges_remove(&s.t, 0, 10);
	SET_IS(&s.t, 10, 40, 60, 100);
	mb_ranges_remove(&s.t, 90, 200);
	SET_IS(&s.t, 10, 40, 60, 90);
	/* a hole between ranges: nothing */
	mb_ranges_remove(&s.t, 45, 55);
	SET_IS(&s.t, 10, 40, 60, 90);
	/* across both, trimming each */
	mb_ranges_remove(&s.t, 30, 70);
	SET_IS(&s.t, 10, 30, 70, 90);
	/* whole ranges */
	mb_ranges_remove(&s.t, 0, 1000);
	EXPECT_EQ(s.t.cnt, 0);

	set_init(&s, 1);
	mb_ranges_add(&s.t, 0, 100);
	EXPECT_EQ(mb_ranges_remove(&s.t, 10, 20), -ENOSPC);
	SET_IS(&s.t, 0, 100);
	EXPECT_EQ(mb_ranges_remove(&s.t, 0, 20), 0);
	SET_IS(&s.t, 20, 100);
}

UNIT_TEST(memblock_ranges, queries)
{
	struct set s;

	set_init(&s, CAP);
	mb_ranges_add(&s.t, 10, 20);
	mb_ranges_add(&s.t, 30, 40);
	EXPECT_TRUE(!mb_ranges_contains(&s.t, 9));
	EXPECT_TRUE(mb_ranges_contains(&s.t, 10));
	EXPECT_TRUE(mb_ranges_contains(&s.t, 19));
	EXPECT_TRUE(!mb_ranges_contains(&s.t, 20));
	EXPECT_TRUE(!mb_ranges_overlaps(&s.t, 20, 30));
	EXPECT_TRUE(mb_ranges_overlaps(&s.t, 19, 30));
	EXPECT_TRUE(mb_ranges_overlaps(&s.t, 0, 100));
	EXPECT_TRUE(!mb_ranges_overlaps(&s.t, 15, 15));
}

UNIT_TEST(memblock_ranges, free_walk)
{
	struct set m, r;
	u64 cur = 0, a, b;

	set_init(&m, CAP);
	set_init(&r, CAP);
	mb_ranges_add(&m.t, 0, 100);
	mb_ranges_add(&m.t, 200, 300);
	mb_ranges_add(&r.t, 0, 10);
	mb_ranges_add(&r.t, 50, 60);
	/* a reservation reaching across the hole into the next range */
	mb_ranges_add(&r.t, 90, 210);
	mb_ranges_add(&r.t, 290, 400);

	EXPECT_TRUE(mb_ranges_next_free(&m.t, &r.t, &cur, &a, &b));
	EXPECT_TRUE(a == 10 && b == 50);
	EXPECT_TRUE(mb_ranges_next_free(&m.t, &r.t, &cur, &a, &b));
	EXPECT_TRUE(a == 60 && b == 90);
	EXPECT_TRUE(mb_ranges_next_free(&m.t, &r.t, &cur, &a, &b));
	EXPECT_TRUE(a == 210 && b == 290);
	EXPECT_TRUE(!mb_ranges_next_free(&m.t, &r.t, &cur, &a, &b));
}

UNIT_TEST(memblock_ranges, top_down)
{
	struct set m, r;
	u64 a = 0;

	set_init(&m, CAP);
	set_init(&r, CAP);
	mb_ranges_add(&m.t, 0x1000, 0x10000);
	mb_ranges_add(&m.t, 0x20000, 0x30000);
	mb_ranges_add(&r.t, 0x2f000, 0x30000);

	EXPECT_TRUE(mb_ranges_find_top_down(&m.t, &r.t, 0x1000, 0x1000, 0, ~0ULL, &a));
	EXPECT_EQ(a, 0x2e000);
	/* alignment pushes it down */
	EXPECT_TRUE(mb_ranges_find_top_down(&m.t, &r.t, 0x1000, 0x10000, 0, ~0ULL, &a));
	EXPECT_EQ(a, 0x20000);
	/* the window is respected */
	EXPECT_TRUE(mb_ranges_find_top_down(&m.t, &r.t, 0x1000, 0x1000, 0, 0x20000, &a));
	EXPECT_EQ(a, 0xf000);
	EXPECT_TRUE(mb_ranges_find_top_down(&m.t, &r.t, 0x1000, 0x1000, 0x2000, 0x4000, &a));
	EXPECT_EQ(a, 0x3000);
	/* too big, bad alignment, empty size */
	EXPECT_TRUE(!mb_ranges_find_top_down(&m.t, &r.t, 0x10000, 0x1000, 0, ~0ULL, &a));
	EXPECT_TRUE(!mb_ranges_find_top_down(&m.t, &r.t, 0x1000, 0x1800, 0, ~0ULL, &a));
	EXPECT_TRUE(!mb_ranges_find_top_down(&m.t, &r.t, 0, 0x1000, 0, ~0ULL, &a));
	EXPECT_TRUE(!mb_ranges_find_top_down(&m.t, &r.t, 0x1000, 0x1000, 0x30000, ~0ULL, &a));
}

/* randomised: the set must match a byte map after every operation */
#define SPACE 256

static int set_invariants(const struct mb_ranges *t)
{
	unsigned int i;

	for (i = 0; i < t->cnt; i++) {
		if (t->r[i].base >= t->r[i].end)
			return 0;
		if (i && t->r[i - 1].end >= t->r[i].base)
			return 0;
	}
	return 1;
}

static int set_matches(const struct mb_ranges *t, const unsigned char *map)
{
	unsigned int a;

	for (a = 0; a < SPACE; a++)
		if (!!map[a] != mb_ranges_contains(t, a))
			return 0;
	return 1;
}

UNIT_TEST(memblock_ranges, random)
{
	unsigned char map[SPACE] = { 0 };
	struct mb_range big[SPACE];
	struct mb_ranges t = { .max = SPACE, .r = big };
	int step, bad = 0;

	unsigned long long seed = unit_seed();

	for (step = 0; step < 20000; step++) {
		unsigned int b = unit_rand(&seed) % SPACE;
		unsigned int len = unit_rand(&seed) % 24, e, a;
		int add = unit_rand(&seed) % 2;

		e = b + len > SPACE ? SPACE : b + len;
		if (add)
			mb_ranges_add(&t, b, e);
		else
			mb_ranges_remove(&t, b, e);
		for (a = b; a < e; a++)
			map[a] = add;
		if (!set_invariants(&t) || !set_matches(&t, map))
			bad++;
	}
	EXPECT_EQ(bad, 0);
}
