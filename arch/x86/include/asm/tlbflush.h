/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_X86_TLBFLUSH_H
#define _ASM_X86_TLBFLUSH_H

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

/* every TLB entry of this CPU, global ones too (toggles CR4.PGE) */
void __flush_tlb_all(void);
/* the same on every online CPU; returns when all are done */
void flush_tlb_kernel_range(unsigned long start, unsigned long end);
void flush_tlb_all(void);

#endif
