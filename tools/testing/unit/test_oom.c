// SPDX-License-Identifier: GPL-2.0
/*
 * mm/oom_badness.c: the out-of-memory killer's choice of a victim, with
 * Linux 6.1's figures worked by hand (512 MiB: 131072 pages, so one unit
 * of oom_score_adj is 131 pages).
 */
#include <linux/oom.h>

#include "unit.h"

#define TOTAL	131072UL

static int choose(const struct oom_candidate *c, int n, bool *abort)
{
	struct oom_choice ch;
	int i;

	oom_choice_init(&ch);
	for (i = 0; i < n; i++)
		oom_consider(&ch, &c[i], i, TOTAL);
	*abort = ch.abort;
	return ch.index;
}

UNIT_TEST(oom, badness_sums_memory_and_scales_adj)
{
	struct oom_candidate c = { .rss = 1000, .swapents = 20, .pgtables = 7 };

	EXPECT_EQ(oom_badness(&c, TOTAL), 1027);
	c.oom_score_adj = 500;
	EXPECT_EQ(oom_badness(&c, TOTAL), 1027 + 500 * 131);
	c.oom_score_adj = -999;
	EXPECT_EQ(oom_badness(&c, TOTAL), 1027 - 999 * 131);
	/* below 1000 pages of memory the scale is 0: adj is void */
	c.oom_score_adj = 1000;
	EXPECT_EQ(oom_badness(&c, 999), 1027);
}

UNIT_TEST(oom, never_killed)
{
	struct oom_candidate c = { .rss = 1UL << 30 };

	c.oom_score_adj = OOM_SCORE_ADJ_MIN;
	EXPECT_EQ(oom_badness(&c, TOTAL), OOM_BADNESS_NEVER);
	c.oom_score_adj = 0;
	c.in_vfork = true;
	EXPECT_EQ(oom_badness(&c, TOTAL), OOM_BADNESS_NEVER);
	c.in_vfork = false;
	c.unkillable = true;
	EXPECT_EQ(oom_badness(&c, TOTAL), OOM_BADNESS_NEVER);
}

UNIT_TEST(oom, largest_wins)
{
	struct oom_candidate c[4] = {
		{ .rss = 300 },
		{ .rss = 90000, .pgtables = 180 },
		{ .rss = 89000, .pgtables = 1200 },
		{ .rss = 10 },
	};
	bool abort;

	EXPECT_EQ(choose(c, 4, &abort), 2);
	EXPECT_FALSE(abort);
	c[2].pgtables = 1179;
	EXPECT_EQ(choose(c, 4, &abort), 1);
}

UNIT_TEST(oom, ties_go_to_the_last)
{
	struct oom_candidate c[3] = { { .rss = 50 }, { .rss = 50 }, { .rss = 49 } };
	bool abort;

	EXPECT_EQ(choose(c, 3, &abort), 1);
}

UNIT_TEST(oom, adj_moves_the_choice)
{
	struct oom_candidate c[3] = {
		{ .rss = 100000 },
		{ .rss = 1000, .oom_score_adj = 1000 },
		{ .rss = 120000, .oom_score_adj = -300 },
	};
	bool abort;

	/* 100000, 1000 + 131000, 120000 - 39300 */
	EXPECT_EQ(choose(c, 3, &abort), 1);
	c[1].oom_score_adj = 0;
	EXPECT_EQ(choose(c, 3, &abort), 0);
	/* -1000 on the largest: the next one is chosen */
	c[0].oom_score_adj = OOM_SCORE_ADJ_MIN;
	EXPECT_EQ(choose(c, 3, &abort), 2);
}

UNIT_TEST(oom, unkillable_and_vfork_skipped)
{
	struct oom_candidate c[4] = {
		{ .rss = 500000, .unkillable = true },	/* init */
		{ .rss = 7 },
		{ .rss = 400000, .in_vfork = true },
		{ .rss = 0, .unkillable = true },	/* a zombie */
	};
	bool abort;

	EXPECT_EQ(choose(c, 4, &abort), 1);
	EXPECT_FALSE(abort);
}

UNIT_TEST(oom, nobody_to_kill)
{
	struct oom_candidate c[2] = {
		{ .rss = 500000, .unkillable = true },
		{ .rss = 300, .oom_score_adj = OOM_SCORE_ADJ_MIN },
	};
	bool abort;

	EXPECT_EQ(choose(c, 2, &abort), -1);
	EXPECT_FALSE(abort);
	EXPECT_EQ(choose(c, 0, &abort), -1);
}

UNIT_TEST(oom, a_dying_victim_stops_the_choice)
{
	struct oom_candidate c[3] = {
		{ .rss = 9000 },
		{ .rss = 5, .victim = true },
		{ .rss = 90000 },
	};
	bool abort;

	/* before or after the largest: nobody either way */
	EXPECT_EQ(choose(c, 3, &abort), -1);
	EXPECT_TRUE(abort);
	c[1].victim = false;
	c[0].victim = true;
	EXPECT_EQ(choose(c, 3, &abort), -1);
	EXPECT_TRUE(abort);
	/* an unkillable one (a victim whose memory is gone) is no victim */
	c[0].unkillable = true;
	EXPECT_EQ(choose(c, 3, &abort), 2);
	EXPECT_FALSE(abort);
}
