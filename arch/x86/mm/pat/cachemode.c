// SPDX-License-Identifier: GPL-2.0
/*
 * The one table behind cachemode2protval() and pgprot2cachemode().
 *
 * A PTE selects PAT entry PAT<<2 | PCD<<1 | PWT (SDM Vol. 3A 11.12.3); the
 * entry's encoding is the memory type.  For each cache mode the table
 * keeps the lowest index holding it; a mode the PAT lacks (WC with PAT
 * off, WT and WP in the erratum layout) falls back to UC-'s index, which
 * is never less strict.  Lowest index first means entries 0-3 are used
 * whenever they suffice, so the PAT bit is set only when needed.
 */
#include <linux/types.h>
#include <asm/pat_policy.h>
#include <asm/pgtable_types.h>
#include "cachemode.h"

static int pat_encoding_to_mode(u8 e)
{
	switch (e) {
	case PAT_UC:
		return _PAGE_CACHE_MODE_UC;
	case PAT_WC:
		return _PAGE_CACHE_MODE_WC;
	case PAT_WT:
		return _PAGE_CACHE_MODE_WT;
	case PAT_WP:
		return _PAGE_CACHE_MODE_WP;
	case PAT_WB:
		return _PAGE_CACHE_MODE_WB;
	case PAT_UC_MINUS:
		return _PAGE_CACHE_MODE_UC_MINUS;
	default:
		return -1;
	}
}

u64 pat_index_to_pte4k(unsigned int index)
{
	return (index & 1 ? _PAGE_PWT : 0) | (index & 2 ? _PAGE_PCD : 0) |
	       (index & 4 ? _PAGE_PAT : 0);
}

unsigned int pat_pte4k_to_index(u64 v)
{
	return (v & _PAGE_PWT ? 1 : 0) | (v & _PAGE_PCD ? 2 : 0) |
	       (v & _PAGE_PAT ? 4 : 0);
}

void pat_cachemode_init(struct pat_cachemode_tables *t, u64 pat_value)
{
	unsigned int i, m;
	int mode;

	for (m = 0; m < _PAGE_CACHE_MODE_NUM; m++)
		t->mode2index[m] = 0xff;
	for (i = 0; i < 8; i++) {
		mode = pat_encoding_to_mode(pat_value >> (i * 8));
		/* a reserved encoding: treat the index as UC, the safe reading */
		if (mode < 0)
			mode = _PAGE_CACHE_MODE_UC;
		t->index2mode[i] = mode;
		if (t->mode2index[mode] == 0xff)
			t->mode2index[mode] = i;
	}
	/* UC- must exist for the fallback; else UC, which is stricter */
	if (t->mode2index[_PAGE_CACHE_MODE_UC_MINUS] == 0xff)
		t->mode2index[_PAGE_CACHE_MODE_UC_MINUS] =
			t->mode2index[_PAGE_CACHE_MODE_UC] != 0xff ?
			t->mode2index[_PAGE_CACHE_MODE_UC] : 3;
	for (m = 0; m < _PAGE_CACHE_MODE_NUM; m++)
		if (t->mode2index[m] == 0xff)
			t->mode2index[m] = t->mode2index[_PAGE_CACHE_MODE_UC_MINUS];
}
