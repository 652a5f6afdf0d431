/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cache mode <-> PAT index <-> PTE bits, built from a PAT MSR value.  Pure:
 * the PAT code builds the kernel's tables from the value really in the
 * MSR, host tests build them from any value.
 */
#ifndef _X86_MM_PAT_CACHEMODE_H
#define _X86_MM_PAT_CACHEMODE_H

#include <linux/types.h>
#include <asm/page_cache_mode.h>

struct pat_cachemode_tables {
	u8 mode2index[_PAGE_CACHE_MODE_NUM];	/* PAT index for a mode */
	u8 index2mode[8];			/* mode of a PAT index */
};

void pat_cachemode_init(struct pat_cachemode_tables *t, u64 pat_value);
/* PWT/PCD/PAT bits of a 4 KiB entry for a PAT index, and back */
u64 pat_index_to_pte4k(unsigned int index);
unsigned int pat_pte4k_to_index(u64 pteval);

#endif
