/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The CPA core (arch/x86/mm/pageattr.c) as the page-attribute code sees
 * it, for callers that run it inside a page-table transaction of their
 * own: the RAM memtype path (arch/x86/mm/pat/memtype_ram.c) changes the
 * reservation and the direct map in one transaction.
 */
#ifndef _X86_MM_CPA_H
#define _X86_MM_CPA_H

#include <linux/types.h>
#include <asm/page_cache_mode.h>
#include <asm/pgtable_txn.h>

/**
 * struct cpa_req - one change of page attributes
 * @vaddr: the first address of each span, page aligned
 * @nr: spans
 * @pages: pages in each span
 * @set: 4 KiB-format bits to set
 * @clr: 4 KiB-format bits to clear
 * @cache_mode: an enum page_cache_mode for every page, or -1
 * @mode_of: if not NULL, each page's own cache mode instead (the RAM
 *	memtype path: what the page's reservation says); @cache_mode is -1
 *
 * All spans lie in the direct map, or all in the vmalloc area.
 */
struct cpa_req {
	const unsigned long *vaddr;
	unsigned int nr;
	unsigned long pages;
	pteval_t set, clr;
	int cache_mode;
	enum page_cache_mode (*mode_of)(unsigned long va);
};

int cpa_prepare(struct pt_txn *t, const struct cpa_req *r);
void cpa_apply(struct pt_txn *t, const struct cpa_req *r);

#endif /* _X86_MM_CPA_H */
