// SPDX-License-Identifier: GPL-2.0
/*
 * mm/pfnmap_track.c (the shared reservation's count) and
 * arch/x86/mm/pat/pfnmap_rules.c (is_new_memtype_allowed()).  The table
 * of refusals is typed from Linux's four rules as
 * /work/shared/design/USER-MAPPING-FACTS.md states them (UC-, WC or WT
 * asked and WB granted; WT asked and WC granted), not derived from the
 * implementation.
 */
#include <linux/pfnmap_track.h>
#include <asm/page_cache_mode.h>
#include <asm/pfnmap.h>

#include "unit.h"

#define UC	_PAGE_CACHE_MODE_UC
#define UCM	_PAGE_CACHE_MODE_UC_MINUS
#define WC	_PAGE_CACHE_MODE_WC
#define WT	_PAGE_CACHE_MODE_WT
#define WB	_PAGE_CACHE_MODE_WB
#define WP	_PAGE_CACHE_MODE_WP

static const enum page_cache_mode modes[6] = { UC, UCM, WC, WT, WB, WP };
/* refused[asked][granted], in the order of modes[] */
static const bool refused[6][6] = {
	/*          UC UC- WC WT WB WP */
	/* UC  */ { 0, 0,  0, 0, 0, 0 },
	/* UC- */ { 0, 0,  0, 0, 1, 0 },
	/* WC  */ { 0, 0,  0, 0, 1, 0 },
	/* WT  */ { 0, 0,  1, 0, 1, 0 },
	/* WB  */ { 0, 0,  0, 0, 0, 0 },
	/* WP  */ { 0, 0,  0, 0, 0, 0 },
};

UNIT_TEST(pfnmap, new_memtype_all_36_pairs)
{
	unsigned int a, g;

	for (a = 0; a < 6; a++)
		for (g = 0; g < 6; g++)
			EXPECT_EQ(is_new_memtype_allowed(0xfd000000ULL, 0x1000,
							 modes[a], modes[g]),
				  !refused[a][g]);
}

UNIT_TEST(pfnmap, new_memtype_isa_range_untracked)
{
	/* inside 0xa0000-0xfffff anything goes; straddling it does not */
	EXPECT_TRUE(is_new_memtype_allowed(0xa0000, 0x60000, WC, WB));
	EXPECT_TRUE(is_new_memtype_allowed(0xf0000, 0x10000, UCM, WB));
	EXPECT_FALSE(is_new_memtype_allowed(0xf0000, 0x11000, UCM, WB));
	EXPECT_FALSE(is_new_memtype_allowed(0x9f000, 0x2000, WC, WB));
}

UNIT_TEST(pfnmap, track_ctx_counts_each_vma)
{
	struct pfnmap_track_ctx ctx;
	int i;

	pfnmap_track_ctx_init(&ctx, 0xfd000, 0x4000);
	EXPECT_EQ(ctx.pfn, 0xfd000UL);
	EXPECT_EQ(ctx.size, 0x4000UL);
	EXPECT_EQ(pfnmap_track_ctx_refs(&ctx), 1);
	/* a fork and two splits */
	for (i = 0; i < 3; i++)
		EXPECT_TRUE(pfnmap_track_ctx_get(&ctx));
	EXPECT_EQ(pfnmap_track_ctx_refs(&ctx), 4);
	for (i = 0; i < 3; i++)
		EXPECT_FALSE(pfnmap_track_ctx_put(&ctx));
	/* the last VMA: the caller frees the reservation, once */
	EXPECT_TRUE(pfnmap_track_ctx_put(&ctx));
	EXPECT_EQ(pfnmap_track_ctx_refs(&ctx), 0);
}

UNIT_TEST(pfnmap, track_ctx_refuses_misuse)
{
	struct pfnmap_track_ctx ctx;

	pfnmap_track_ctx_init(&ctx, 1, 0x1000);
	EXPECT_TRUE(pfnmap_track_ctx_put(&ctx));
	/* released: neither a get nor a second free happens */
	EXPECT_FALSE(pfnmap_track_ctx_get(&ctx));
	EXPECT_FALSE(pfnmap_track_ctx_put(&ctx));
	EXPECT_EQ(pfnmap_track_ctx_refs(&ctx), 0);
	/* at the limit, a get is refused and the count kept */
	ctx.refs = 0x7fffffff;
	EXPECT_FALSE(pfnmap_track_ctx_get(&ctx));
	EXPECT_EQ(pfnmap_track_ctx_refs(&ctx), 0x7fffffff);
	EXPECT_FALSE(pfnmap_track_ctx_put(&ctx));
	EXPECT_EQ(pfnmap_track_ctx_refs(&ctx), 0x7ffffffe);
}
