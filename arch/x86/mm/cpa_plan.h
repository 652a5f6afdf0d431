/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pure half of CPA (arch/x86/mm/cpa_plan.c): which large pages a change
 * must split and how many page-table pages that takes, what the smaller
 * entries of a split look like, and whether a table may be folded back
 * into one large entry.  No page table is touched
 * here; arch/x86/mm/pageattr.c reads the tables through a callback and does
 * the writing, host tests drive the same code with a model.
 */
#ifndef _X86_MM_CPA_PLAN_H
#define _X86_MM_CPA_PLAN_H

#include <linux/types.h>
#include <asm/pgtable_types.h>

/*
 * The planner's view of the page tables: the level of the leaf entry that
 * maps @va (PG_LEVEL_4K, _2M or _1G), or PG_LEVEL_NONE when nothing does.
 * A leaf that is not present but keeps its frame (set_memory_np()) counts
 * as mapped: set_memory_p() must be able to find it again.
 */
struct cpa_pt_view {
	enum pg_level (*leaf_level)(const struct cpa_pt_view *view,
				    unsigned long va);
};

/*
 * Does a change treat every page of [va, va + size) alike?  A permission
 * change does (pass no struct cpa_uniform at all); making each RAM page's
 * mapping follow its own reservation may not.
 */
struct cpa_uniform {
	bool (*uniform)(const struct cpa_uniform *u, unsigned long va,
			unsigned long size);
};

bool cpa_must_split(unsigned long leaf, enum pg_level level,
		    unsigned long start, unsigned long end,
		    const struct cpa_uniform *u);
int cpa_plan_count(const struct cpa_pt_view *view,
		   const struct cpa_uniform *u, unsigned long start,
		   unsigned long end, unsigned int *tables);

void cpa_split_entries(pteval_t large, enum pg_level level, pteval_t *table);
bool cpa_entries_mergeable(const pteval_t *table, enum pg_level level);
pteval_t cpa_merged_entry(const pteval_t *table, enum pg_level level);

#endif /* _X86_MM_CPA_PLAN_H */
