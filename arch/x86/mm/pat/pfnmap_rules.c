// SPDX-License-Identifier: GPL-2.0
/*
 * Which cache mode a user mapping of raw frames may accept when the
 * reservation grants another than it asked for (Linux's
 * is_new_memtype_allowed()).  The granted mode comes from an existing
 * reservation of the range, or from the MTRR hint that lowers WB to UC-.
 * Accepting a less strict mode than asked would let a program that wants
 * uncached device registers read them through the cache, so the four
 * cases below refuse; a stricter mode (WC asked, UC- granted) only costs
 * speed and is accepted.
 *
 * Pure: the host unit tests build this very file.
 */
#include <linux/types.h>
#include <asm/pfnmap.h>

/**
 * is_new_memtype_allowed() - may a mapping that asked @pcm use @new_pcm?
 * @paddr: first byte of the range
 * @size: bytes
 * @pcm: the mode asked for
 * @new_pcm: the mode the reservation granted
 *
 * Linux's rules: refused are UC-, WC or WT asked and WB granted, and WT
 * asked and WC granted.  The ISA range is untracked and always WB, so
 * anything goes there.
 */
bool is_new_memtype_allowed(u64 paddr, unsigned long size,
			    enum page_cache_mode pcm,
			    enum page_cache_mode new_pcm)
{
	if (paddr >= PFNMAP_ISA_START && paddr + size <= PFNMAP_ISA_END)
		return true;
	if (new_pcm == _PAGE_CACHE_MODE_WB)
		return pcm != _PAGE_CACHE_MODE_UC_MINUS &&
		       pcm != _PAGE_CACHE_MODE_WC &&
		       pcm != _PAGE_CACHE_MODE_WT;
	return !(pcm == _PAGE_CACHE_MODE_WT && new_pcm == _PAGE_CACHE_MODE_WC);
}
