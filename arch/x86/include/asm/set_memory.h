/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Changing attributes of kernel mappings (arch/x86/mm/pageattr.c) and the
 * cache mode of RAM (arch/x86/mm/pat/set_memory.c).  @addr is a direct-map
 * or vmalloc-area address (cache modes: direct map only), @numpages > 0.
 * All return 0 or a negative errno, and on error change nothing.
 */
#ifndef _ASM_X86_SET_MEMORY_H
#define _ASM_X86_SET_MEMORY_H

#include <asm/pgtable_types.h>

struct page;

struct cpa_stats {
	unsigned long changes;
	unsigned long splits;
	unsigned long merges;
};

extern struct cpa_stats cpa_stats;

int change_page_attr_set_clr(unsigned long addr, int numpages, pteval_t set,
			     pteval_t clr, int cache_mode);
int set_memory_ro(unsigned long addr, int numpages);
int set_memory_rw(unsigned long addr, int numpages);
int set_memory_x(unsigned long addr, int numpages);
int set_memory_nx(unsigned long addr, int numpages);
int set_memory_np(unsigned long addr, int numpages);
int set_memory_p(unsigned long addr, int numpages);

int set_memory_uc(unsigned long addr, int numpages);
int set_memory_wc(unsigned long addr, int numpages);
int set_memory_wt(unsigned long addr, int numpages);
int set_memory_wb(unsigned long addr, int numpages);
int set_pages_uc(struct page *page, int numpages);
int set_pages_wb(struct page *page, int numpages);
int set_memory_array_uc(unsigned long *addr, int numpages);
int set_memory_array_wc(unsigned long *addr, int numpages);
int set_memory_array_wb(unsigned long *addr, int numpages);

/* above this many bytes one WBINVD beats flushing line by line */
#define CPA_CLFLUSH_THRESHOLD	(1UL << 20)

#endif /* _ASM_X86_SET_MEMORY_H */
