/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cache-mode translation expected for the three PAT layouts in use,
 * written out by hand from the SDM (Vol. 3A 11.12.3, "Selecting a Memory
 * Type from the PAT") and PAT-FACTS.md, never computed by the code under
 * test.  Included by the host tests (tools/testing/unit/test_cachemode.c)
 * and by the KTAP suite (memtype_test.c), so both check the same table.
 *
 * An entry selects PAT index PAT<<2 | PCD<<1 | PWT, with PWT bit 3, PCD
 * bit 4 and PAT bit 7 in a 4 KiB entry but bit 12 in a 2 MiB/1 GiB entry:
 *
 *   index    0     1     2     3     4      5      6      7
 *   4 KiB   0x00  0x08  0x10  0x18  0x80   0x88   0x90   0x98
 *   large   0x00  0x08  0x10  0x18  0x1000 0x1008 0x1010 0x1018
 *
 * Each mode takes the lowest index holding it; a mode the layout lacks
 * takes UC-'s (index 2 in all three).
 */
#ifndef _X86_MM_PAT_TESTS_CACHEMODE_CASES_H
#define _X86_MM_PAT_TESTS_CACHEMODE_CASES_H

#include <linux/types.h>
#include <asm/page_cache_mode.h>

struct cachemode_case {
	const char *name;
	u64 pat;				/* the IA32_PAT value */
	/* by enum page_cache_mode: WB, WC, UC-, UC, WT, WP */
	u64 pte4k[_PAGE_CACHE_MODE_WP + 1];	/* PWT/PCD/PAT, 4 KiB entry */
	u64 large[_PAGE_CACHE_MODE_WP + 1];	/* the same, large entry */
	u8 mode[8];				/* what each index selects */
};

static const struct cachemode_case cachemode_cases[] = {
	{
		.name = "full WB WC UC- UC WB WP UC- WT",
		.pat = 0x0407050600070106ULL,
		/*          WB    WC    UC-   UC    WT      WP */
		.pte4k = { 0x00, 0x08, 0x10, 0x18, 0x98, 0x88 },
		.large = { 0x00, 0x08, 0x10, 0x18, 0x1018, 0x1008 },
		.mode = {
			_PAGE_CACHE_MODE_WB, _PAGE_CACHE_MODE_WC,
			_PAGE_CACHE_MODE_UC_MINUS, _PAGE_CACHE_MODE_UC,
			_PAGE_CACHE_MODE_WB, _PAGE_CACHE_MODE_WP,
			_PAGE_CACHE_MODE_UC_MINUS, _PAGE_CACHE_MODE_WT,
		},
	},
	{
		/* WT and WP are missing: UC- */
		.name = "erratum WB WC UC- UC WB WC UC- UC",
		.pat = 0x0007010600070106ULL,
		/*          WB    WC    UC-   UC    WT    WP */
		.pte4k = { 0x00, 0x08, 0x10, 0x18, 0x10, 0x10 },
		.large = { 0x00, 0x08, 0x10, 0x18, 0x10, 0x10 },
		.mode = {
			_PAGE_CACHE_MODE_WB, _PAGE_CACHE_MODE_WC,
			_PAGE_CACHE_MODE_UC_MINUS, _PAGE_CACHE_MODE_UC,
			_PAGE_CACHE_MODE_WB, _PAGE_CACHE_MODE_WC,
			_PAGE_CACHE_MODE_UC_MINUS, _PAGE_CACHE_MODE_UC,
		},
	},
	{
		/* WC and WP are missing: UC- */
		.name = "power-on WB WT UC- UC WB WT UC- UC",
		.pat = 0x0007040600070406ULL,
		/*          WB    WC    UC-   UC    WT    WP */
		.pte4k = { 0x00, 0x10, 0x10, 0x18, 0x08, 0x10 },
		.large = { 0x00, 0x10, 0x10, 0x18, 0x08, 0x10 },
		.mode = {
			_PAGE_CACHE_MODE_WB, _PAGE_CACHE_MODE_WT,
			_PAGE_CACHE_MODE_UC_MINUS, _PAGE_CACHE_MODE_UC,
			_PAGE_CACHE_MODE_WB, _PAGE_CACHE_MODE_WT,
			_PAGE_CACHE_MODE_UC_MINUS, _PAGE_CACHE_MODE_UC,
		},
	},
};

#define CACHEMODE_NR_CASES (sizeof(cachemode_cases) / sizeof(cachemode_cases[0]))

/* the 4 KiB entry bits of PAT index @i, from the bit positions above */
static inline u64 cachemode_case_index_bits(unsigned int i)
{
	return ((i & 1) ? 0x08 : 0) | ((i & 2) ? 0x10 : 0) | ((i & 4) ? 0x80 : 0);
}

#endif /* _X86_MM_PAT_TESTS_CACHEMODE_CASES_H */
