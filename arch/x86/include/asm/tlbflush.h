/* SPDX-License-Identifier: GPL-2.0 */
/*
 * TLB invalidation of kernel and user mappings (arch/x86/mm/tlb.c).  Page-table
 * code does not call these directly: a page-table transaction
 * (asm/pgtable_txn.h) collects what it changed in a struct tlb_batch and
 * invalidates it on every CPU at its stage ends.
 */
#ifndef _ASM_X86_TLBFLUSH_H
#define _ASM_X86_TLBFLUSH_H

#include <linux/types.h>

/*
 * Above this many pages one full flush is cheaper than INVLPG per page
 * (Linux's tlb_single_page_flush_ceiling, 33).
 */
#define TLB_FLUSH_CEILING	33

struct tlb_stats {
	unsigned long single;	/* INVLPGs */
	unsigned long full;	/* full flushes, global entries included */
	unsigned long shootdowns; /* flushes that other CPUs had to join */
	unsigned long ipis;	/* flush requests sent to other CPUs */
};

extern struct tlb_stats tlb_stats;

/*
 * Virtual ranges to invalidate, collected before one cross-CPU flush.
 * Past TLB_BATCH_RANGES disjoint ranges, or TLB_FLUSH_CEILING pages in
 * all, the batch becomes a full flush.
 */
#define TLB_BATCH_RANGES	8

struct tlb_batch {
	unsigned int nr;
	bool all;
	bool user;		/* user ranges only: "all" spares global entries */
	unsigned long pages;
	struct {
		unsigned long start, end;
	} r[TLB_BATCH_RANGES];
};

static inline bool tlb_batch_empty(const struct tlb_batch *b)
{
	return !b->nr && !b->all;
}

void tlb_batch_add(struct tlb_batch *b, unsigned long start,
		   unsigned long end);
/* invalidate @b on every online CPU, wait for all, then empty @b */
void flush_tlb_kernel_batch(struct tlb_batch *b);
/* invalidate @b's user ranges on the CPUs of @mask, wait, then empty @b */
void flush_tlb_mm_batch(u64 mask, struct tlb_batch *b);

/*
 * Every TLB entry of this CPU, global ones too (toggles CR4.PGE): for the
 * CPU's own sequences (PAT and MTRR programming, coming online).  Changes
 * of the page tables flush through their transaction, never directly.
 */
void __flush_tlb_all(void);

#endif
