// SPDX-License-Identifier: GPL-2.0
/*
 * The type the CPU really uses for a kernel mapping: its page-table
 * entry's cache mode under the PAT in force, combined with the MTRR type
 * of its physical range by the SDM's table (effective.c).  Drivers that
 * ask for write-combining report it, so a boot log says what a mapping
 * got rather than what it asked for: with PAT off, ioremap_wc() maps UC-,
 * and only a WC MTRR (arch_phys_wc_add()) that no UC MTRR overlaps makes
 * that WC.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <asm/mtrr.h>
#include <asm/page_cache_mode.h>
#include <asm/pat.h>
#include <asm/pat_rules.h>
#include <asm/pgtable.h>

/**
 * pat_kernel_effective() - how the CPU caches a kernel mapping
 * @va: a mapped kernel address
 * @pa: the physical address it maps
 * @size: the bytes whose MTRR types count, from @pa
 * @pte: receives the cache mode of @va's page-table entry
 * @mtrr: receives the MTRR type of [@pa, @pa + @size), the strictest if
 *	several (MTRR_TYPE_INVALID without MTRRs)
 *
 * Returns the effective enum page_cache_mode, or -EFAULT if @va is not
 * mapped.
 */
int pat_kernel_effective(unsigned long va, u64 pa, u64 size,
			 enum page_cache_mode *pte, u8 *mtrr)
{
	enum pg_level level;
	pteval_t v = pt_read_entry(va, &level);
	u8 uniform;

	if (!pt_entry_present(v))
		return -EFAULT;
	if (level != PG_LEVEL_4K)
		v = protval_large_2_4k(v);
	*pte = pgprot2cachemode(v);
	*mtrr = mtrr_type_lookup(pa, pa + size, &uniform);
	return pat_effective_type(*mtrr, *pte);
}
