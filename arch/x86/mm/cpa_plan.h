/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pure half of CPA (arch/x86/mm/cpa_plan.c): which large pages a change
 * must split, what the smaller entries of a split look like, and whether a
 * table may be folded back into one large entry.  No page table is touched
 * here; arch/x86/mm/pageattr.c reads the tables through a callback and does
 * the writing, host tests drive the same code with a model.
 */
#ifndef _X86_MM_CPA_PLAN_H
#define _X86_MM_CPA_PLAN_H

#include <linux/types.h>
#include <asm/pgtable_types.h>

/* two ranges (the change and its kernel-image alias), two ends, 1G and 2M */
#define CPA_PLAN_MAX_SPLITS	8

/* split the @level entry mapping [va, va + pt_level_size(level)) */
struct cpa_split {
	unsigned long va;
	enum pg_level level;
};

/*
 * Splits in the order they must be done: a 1G page always comes before the
 * 2M page carved out of it.  Each split consumes one page-table page.
 */
struct cpa_plan {
	unsigned int nr_splits;
	struct cpa_split splits[CPA_PLAN_MAX_SPLITS];
};

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

void cpa_plan_init(struct cpa_plan *plan);
int cpa_plan_add_range(struct cpa_plan *plan, const struct cpa_pt_view *view,
		       unsigned long start, unsigned long end);

void cpa_split_entries(pteval_t large, enum pg_level level, pteval_t *table);
bool cpa_entries_mergeable(const pteval_t *table, enum pg_level level);
pteval_t cpa_merged_entry(const pteval_t *table, enum pg_level level);

#endif /* _X86_MM_CPA_PLAN_H */
