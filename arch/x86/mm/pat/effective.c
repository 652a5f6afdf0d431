// SPDX-License-Identifier: GPL-2.0
/*
 * The memory type a CPU really uses for a page: the MTRR type of its
 * physical address combined with the PAT type of its page-table entry
 * (SDM Vol. 3A 11.5.2.2, Table 11-7 "Effective Page-Level Memory Types").
 * Pure, so the whole table is checked on the host cell by cell.
 *
 *   MTRR \ PAT |  UC   UC-  WC   WT   WB   WP
 *   -----------+------------------------------
 *   UC         |  UC   UC   WC   UC   UC   UC
 *   WC         |  UC   WC   WC   UC   WC   UC
 *   WT         |  UC   UC   WC   WT   WT   WP
 *   WB         |  UC   UC   WC   WT   WB   WP
 *   WP         |  UC   WC   WC   WT   WP   WP
 *
 * UC- exists only in the PAT: it is UC unless the MTRR allows combining
 * (WC, or WP whose writes are uncached anyway).  With no MTRR answer (none
 * present, or disabled) the PAT type stands alone and UC- means UC.
 */
#include <linux/types.h>
#include <asm/mtrr.h>
#include <asm/pat_rules.h>

#define UC	_PAGE_CACHE_MODE_UC
#define UCM	_PAGE_CACHE_MODE_UC_MINUS
#define WC	_PAGE_CACHE_MODE_WC
#define WT	_PAGE_CACHE_MODE_WT
#define WB	_PAGE_CACHE_MODE_WB
#define WP	_PAGE_CACHE_MODE_WP

/* rows by MTRR type, columns by enum page_cache_mode (WB WC UC- UC WT WP) */
static const u8 effective_table[MTRR_NUM_TYPES][6] = {
	[MTRR_TYPE_UNCACHABLE] = { UC, WC, UC, UC, UC, UC },
	[MTRR_TYPE_WRCOMB] = { WC, WC, WC, UC, UC, UC },
	[MTRR_TYPE_WRTHROUGH] = { WT, WC, UC, UC, WT, WP },
	[MTRR_TYPE_WRBACK] = { WB, WC, UC, UC, WT, WP },
	[MTRR_TYPE_WRPROT] = { WP, WC, WC, UC, WT, WP },
};

static bool mtrr_type_valid(u8 t)
{
	return t == MTRR_TYPE_UNCACHABLE || t == MTRR_TYPE_WRCOMB ||
	       t == MTRR_TYPE_WRTHROUGH || t == MTRR_TYPE_WRBACK ||
	       t == MTRR_TYPE_WRPROT;
}

enum page_cache_mode pat_effective_type(u8 mtrr_type, enum page_cache_mode pat)
{
	if ((unsigned int)pat > _PAGE_CACHE_MODE_WP)
		return UC;
	if (!mtrr_type_valid(mtrr_type))
		return pat == UCM ? UC : pat;
	return effective_table[mtrr_type][pat];
}

enum page_cache_mode mtrr_type_to_cachemode(u8 mtrr_type)
{
	switch (mtrr_type) {
	case MTRR_TYPE_WRCOMB:
		return WC;
	case MTRR_TYPE_WRTHROUGH:
		return WT;
	case MTRR_TYPE_WRBACK:
		return WB;
	case MTRR_TYPE_WRPROT:
		return WP;
	default:
		return UC;
	}
}
