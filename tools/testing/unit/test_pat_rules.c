// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/mm/pat/effective.c, whitelist.c and the names of cachemode.c.
 * The effective-type table is typed here from the SDM table as
 * /work/shared/design/PAT-FACTS.md prints it (rows MTRR UC WC WT WB WP,
 * columns PAT UC UC- WC WT WB WP), not derived from the implementation's
 * own table.
 */
#include <linux/errno.h>
#include <asm/mtrr.h>
#include <asm/page_cache_mode.h>
#include <asm/pat_policy.h>
#include <asm/pat_rules.h>

#include "unit.h"

#define UC	_PAGE_CACHE_MODE_UC
#define UCM	_PAGE_CACHE_MODE_UC_MINUS
#define WC	_PAGE_CACHE_MODE_WC
#define WT	_PAGE_CACHE_MODE_WT
#define WB	_PAGE_CACHE_MODE_WB
#define WP	_PAGE_CACHE_MODE_WP

static const u8 sdm_rows[5] = {
	MTRR_TYPE_UNCACHABLE, MTRR_TYPE_WRCOMB, MTRR_TYPE_WRTHROUGH,
	MTRR_TYPE_WRBACK, MTRR_TYPE_WRPROT,
};
static const enum page_cache_mode sdm_cols[6] = { UC, UCM, WC, WT, WB, WP };
static const enum page_cache_mode sdm_table[5][6] = {
	/*        UC  UC- WC  WT  WB  WP */
	/* UC */ { UC, UC, WC, UC, UC, UC },
	/* WC */ { UC, WC, WC, UC, WC, UC },
	/* WT */ { UC, UC, WC, WT, WT, WP },
	/* WB */ { UC, UC, WC, WT, WB, WP },
	/* WP */ { UC, WC, WC, WT, WP, WP },
};

UNIT_TEST(pat, effective_type_all_30_cells)
{
	unsigned int r, c;

	for (r = 0; r < 5; r++)
		for (c = 0; c < 6; c++) {
			enum page_cache_mode got =
				pat_effective_type(sdm_rows[r], sdm_cols[c]);

			if (got != sdm_table[r][c])
				EXPECT_FAIL("MTRR %s x PAT %s: got %s, SDM says %s",
					    mtrr_attrib_to_str(sdm_rows[r]),
					    cachemode_short_name(sdm_cols[c]),
					    cachemode_short_name(got),
					    cachemode_short_name(sdm_table[r][c]));
		}
}

UNIT_TEST(pat, effective_type_without_mtrr)
{
	static const u8 no_answer[] = { MTRR_TYPE_INVALID, 2, 3, 7, 0x80 };
	unsigned int i, c;

	for (i = 0; i < sizeof(no_answer); i++)
		for (c = 0; c < 6; c++) {
			enum page_cache_mode want =
				sdm_cols[c] == UCM ? UC : sdm_cols[c];

			EXPECT_EQ(pat_effective_type(no_answer[i], sdm_cols[c]),
				  want);
		}
	/* never UC- whatever comes in */
	EXPECT_EQ(pat_effective_type(MTRR_TYPE_WRBACK, 6), UC);
	EXPECT_EQ(pat_effective_type(MTRR_TYPE_WRBACK, 7), UC);
}

UNIT_TEST(pat, mtrr_type_to_cachemode)
{
	EXPECT_EQ(mtrr_type_to_cachemode(MTRR_TYPE_UNCACHABLE), UC);
	EXPECT_EQ(mtrr_type_to_cachemode(MTRR_TYPE_WRCOMB), WC);
	EXPECT_EQ(mtrr_type_to_cachemode(MTRR_TYPE_WRTHROUGH), WT);
	EXPECT_EQ(mtrr_type_to_cachemode(MTRR_TYPE_WRBACK), WB);
	EXPECT_EQ(mtrr_type_to_cachemode(MTRR_TYPE_WRPROT), WP);
	EXPECT_EQ(mtrr_type_to_cachemode(2), UC);
	EXPECT_EQ(mtrr_type_to_cachemode(MTRR_TYPE_INVALID), UC);
}

UNIT_TEST(pat, names_and_round_trips)
{
	static const struct {
		enum page_cache_mode m;
		const char *shortname, *cattr;
	} names[] = {
		{ WB, "wb", "write-back" },
		{ WC, "wc", "write-combining" },
		{ UCM, "uc-", "uncached-minus" },
		{ UC, "uc", "uncached" },
		{ WT, "wt", "write-through" },
		{ WP, "wp", "write-protected" },
	};
	enum page_cache_mode m;
	unsigned int i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		EXPECT_STREQ(cachemode_short_name(names[i].m), names[i].shortname);
		EXPECT_STREQ(cattr_name(names[i].m), names[i].cattr);
		m = 99;
		EXPECT_EQ(cachemode_parse(names[i].shortname, &m), 0);
		EXPECT_EQ(m, names[i].m);
		m = 99;
		EXPECT_EQ(cachemode_parse(cachemode_short_name(names[i].m), &m), 0);
		EXPECT_EQ(m, names[i].m);
	}
	EXPECT_STREQ(cachemode_short_name(6), "?");
	EXPECT_STREQ(cachemode_short_name(_PAGE_CACHE_MODE_NUM), "?");
	EXPECT_STREQ(cattr_name(7), "broken");
}

UNIT_TEST(pat, parse_refuses_garbage)
{
	static const char *const bad[] = {
		"", "u", "UC", "Wb", "uc--", "uc -", "wbx", " wb", "wb ",
		"wb\n", "write-back", "ucm", "-",
	};
	enum page_cache_mode m = 42;
	unsigned int i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (cachemode_parse(bad[i], &m) != -EINVAL)
			EXPECT_FAIL("cachemode_parse(\"%s\") accepted", bad[i]);
		EXPECT_EQ(m, 42);
	}
}

static enum pat_verdict verdict(enum x86_vendor v, unsigned int family,
				unsigned int model)
{
	return pat_whitelist_lookup(v, family, model)->verdict;
}

UNIT_TEST(pat, whitelist_verdicts)
{
	EXPECT_EQ(verdict(X86_VENDOR_INTEL, 6, 8), PAT_ERRATUM_LOWER4);
	EXPECT_EQ(verdict(X86_VENDOR_INTEL, 6, 0xd), PAT_ERRATUM_LOWER4);
	EXPECT_EQ(verdict(X86_VENDOR_INTEL, 6, 0xe), PAT_TRUSTED);
	EXPECT_EQ(verdict(X86_VENDOR_INTEL, 0xf, 3), PAT_ERRATUM_LOWER4);
	EXPECT_EQ(verdict(X86_VENDOR_INTEL, 0xf, 6), PAT_ERRATUM_LOWER4);
	EXPECT_EQ(verdict(X86_VENDOR_INTEL, 0xf, 7), PAT_TRUSTED);
	EXPECT_EQ(verdict(X86_VENDOR_INTEL, 6, 15), PAT_TRUSTED);
	EXPECT_EQ(verdict(X86_VENDOR_INTEL, 6, 60), PAT_TRUSTED);
	EXPECT_EQ(verdict(X86_VENDOR_INTEL, 6, 85), PAT_TRUSTED);
	EXPECT_EQ(verdict(X86_VENDOR_INTEL, 5, 2), PAT_TRUSTED);
	EXPECT_EQ(verdict(X86_VENDOR_AMD, 15, 107), PAT_TRUSTED);
	EXPECT_EQ(verdict(X86_VENDOR_AMD, 23, 1), PAT_TRUSTED);
	EXPECT_EQ(verdict(X86_VENDOR_AMD, 6, 1), PAT_TRUSTED);
	EXPECT_EQ(verdict(X86_VENDOR_HYGON, 0x18, 0), PAT_TRUSTED);
	EXPECT_EQ(verdict(X86_VENDOR_CENTAUR, 6, 9), PAT_TRUSTED);
	EXPECT_EQ(verdict(X86_VENDOR_CENTAUR, 5, 8), PAT_TRUSTED);
	EXPECT_EQ(verdict(X86_VENDOR_ZHAOXIN, 7, 0x3b), PAT_TRUSTED);
	EXPECT_EQ(verdict(X86_VENDOR_UNKNOWN, 6, 8), PAT_TRUSTED);
	EXPECT_EQ(verdict(X86_VENDOR_UNKNOWN, 0xffff, 0xff), PAT_TRUSTED);
}

UNIT_TEST(pat, whitelist_rows)
{
	unsigned int n = pat_whitelist_size(), i;
	const struct pat_whitelist_row *last;

	ASSERT_TRUE(n > 0);
	EXPECT_NULL(pat_whitelist_row(n));
	for (i = 0; i < n; i++) {
		const struct pat_whitelist_row *r = pat_whitelist_row(i);

		ASSERT_NOT_NULL(r);
		EXPECT_TRUE(r->reason && r->reason[0]);
		EXPECT_TRUE(r->family_min <= r->family_max);
		EXPECT_TRUE(r->model_min <= r->model_max);
	}
	/* the last row matches anything */
	last = pat_whitelist_row(n - 1);
	EXPECT_EQ(last->vendor, X86_VENDOR_ANY);
	EXPECT_EQ(last->family_min, 0);
	EXPECT_EQ(last->family_max, 0xffff);
	EXPECT_EQ(last->model_min, 0);
	EXPECT_EQ(last->model_max, 0xff);
	EXPECT_EQ(pat_whitelist_lookup(X86_VENDOR_UNKNOWN, 1234, 200), last);
}

UNIT_TEST(pat, layout_values)
{
	EXPECT_EQ(pat_layout_value(PAT_TRUSTED), 0x0407050600070106ULL);
	EXPECT_EQ(pat_layout_value(PAT_ERRATUM_LOWER4), 0x0007010600070106ULL);
}
