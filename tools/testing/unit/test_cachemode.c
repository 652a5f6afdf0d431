// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/mm/pat/cachemode.c: cache mode <-> PAT index <-> PTE bits.  The
 * three layouts in use are checked against the hand-written table that the
 * KTAP suite uses too (arch/x86/mm/pat/tests/cachemode_cases.h); other
 * layouts against indices written out here.
 */
#include <asm/page_cache_mode.h>

#include "../../../arch/x86/mm/pat/tests/cachemode_cases.h"
#include "unit.h"

#define WB	_PAGE_CACHE_MODE_WB
#define WC	_PAGE_CACHE_MODE_WC
#define UCM	_PAGE_CACHE_MODE_UC_MINUS
#define UC	_PAGE_CACHE_MODE_UC
#define WT	_PAGE_CACHE_MODE_WT
#define WP	_PAGE_CACHE_MODE_WP

static void expect_layout(u64 pat, const u8 *index2mode, const u8 *mode2index)
{
	struct pat_cachemode_tables t;
	unsigned int i;

	pat_cachemode_init(&t, pat);
	for (i = 0; i < 8; i++)
		if (t.index2mode[i] != index2mode[i])
			EXPECT_FAIL("PAT %#llx: index %u is mode %u, want %u",
				    (unsigned long long)pat, i,
				    t.index2mode[i], index2mode[i]);
	for (i = 0; i <= WP; i++)
		if (t.mode2index[i] != mode2index[i])
			EXPECT_FAIL("PAT %#llx: mode %u uses index %u, want %u",
				    (unsigned long long)pat, i,
				    t.mode2index[i], mode2index[i]);
}

UNIT_TEST(cachemode, starts_with_power_on_layout)
{
	const struct cachemode_case *k = &cachemode_cases[2];
	unsigned int m;

	/* before any pat_cachemode_setup(): the first case, even with -s */
	for (m = 0; m <= WP; m++)
		EXPECT_EQ(cachemode2protval(m), k->pte4k[m]);
}

/* the three layouts in use, against the hand-written cachemode_cases.h */
UNIT_TEST(cachemode, layouts_in_use)
{
	struct pat_cachemode_tables t;
	unsigned int c, m, i;

	for (c = 0; c < CACHEMODE_NR_CASES; c++) {
		const struct cachemode_case *k = &cachemode_cases[c];

		pat_cachemode_init(&t, k->pat);
		for (m = 0; m <= WP; m++) {
			u64 bits = pat_index_to_pte4k(t.mode2index[m]);

			if (bits != k->pte4k[m])
				EXPECT_FAIL("%s: mode %s has bits %#llx, want %#llx",
					    k->name, cachemode_short_name(m),
					    (unsigned long long)bits,
					    (unsigned long long)k->pte4k[m]);
		}
		for (i = 0; i < 8; i++)
			if (t.index2mode[i] != k->mode[i])
				EXPECT_FAIL("%s: index %u is %s, want %s", k->name,
					    i, cachemode_short_name(t.index2mode[i]),
					    cachemode_short_name(k->mode[i]));
	}
}

/* the kernel's entry points, once set up from each layout */
UNIT_TEST(cachemode, live_translation)
{
	unsigned int c, m, i;

	for (c = 0; c < CACHEMODE_NR_CASES; c++) {
		const struct cachemode_case *k = &cachemode_cases[c];

		pat_cachemode_setup(k->pat);
		for (m = 0; m <= WP; m++) {
			EXPECT_EQ(cachemode2protval(m), k->pte4k[m]);
			EXPECT_EQ(protval_4k_2_large(cachemode2protval(m)),
				  k->large[m]);
			EXPECT_EQ(protval_large_2_4k(k->large[m] | _PAGE_PSE),
				  k->pte4k[m]);
			EXPECT_EQ(pgprot_val(pgprot_kernel_cachemode(m)),
				  pgprot_val(PAGE_KERNEL) | k->pte4k[m]);
		}
		for (i = 0; i < 8; i++)
			EXPECT_EQ(pgprot2cachemode(cachemode_case_index_bits(i) |
						   0x8000000000000163ULL),
				  k->mode[i]);
		/* out of range: UC- */
		EXPECT_EQ(cachemode2protval(_PAGE_CACHE_MODE_NUM),
			  k->pte4k[UCM]);
	}
}

UNIT_TEST(cachemode, reserved_encodings_read_as_uc)
{
	/* entries 2, 3 and 8 are reserved encodings: everything UC */
	static const u8 i2m[8] = { UC, UC, UC, UC, UC, UC, UC, UC };
	static const u8 m2i[6] = { 0, 0, 0, 0, 0, 0 };

	expect_layout(0x0808030302020303ULL, i2m, m2i);
}

UNIT_TEST(cachemode, without_uc_minus_falls_back_to_uc)
{
	/* WB WT UC WP WB WC WT UC: UC at 2 takes UC-'s requests */
	static const u8 i2m[8] = { WB, WT, UC, WP, WB, WC, WT, UC };
	static const u8 m2i[6] = { 0, 5, 2, 2, 1, 3 };

	expect_layout(0x0004010605000406ULL, i2m, m2i);
}

UNIT_TEST(cachemode, without_uc_falls_back_to_least_caching)
{
	/* WB WC WT WP twice: nothing uncached, WC is the closest */
	static const u8 i2m[8] = { WB, WC, WT, WP, WB, WC, WT, WP };
	static const u8 m2i[6] = { 0, 1, 1, 1, 2, 3 };

	expect_layout(0x0504010605040106ULL, i2m, m2i);
}

UNIT_TEST(cachemode, index_to_pte_bits)
{
	unsigned int i;

	EXPECT_EQ(pat_index_to_pte4k(0), 0);
	EXPECT_EQ(pat_index_to_pte4k(1), _PAGE_PWT);
	EXPECT_EQ(pat_index_to_pte4k(2), _PAGE_PCD);
	EXPECT_EQ(pat_index_to_pte4k(7), _PAGE_PWT | _PAGE_PCD | _PAGE_PAT);
	EXPECT_EQ(_PAGE_PWT, 1ULL << 3);
	EXPECT_EQ(_PAGE_PCD, 1ULL << 4);
	EXPECT_EQ(_PAGE_PAT, 1ULL << 7);
	for (i = 0; i < 8; i++) {
		EXPECT_EQ(pat_pte4k_to_index(pat_index_to_pte4k(i)), i);
		EXPECT_EQ(pat_pte4k_to_index(pat_index_to_pte4k(i) |
					     0xfff0000000000163ULL), i);
	}
}
