// SPDX-License-Identifier: GPL-2.0
/*
 * CPA planning, split and merge arithmetic.  Pure: no page table is read
 * except through the caller's view, nothing is allocated or printed, so the
 * very same file runs in host unit tests (tools/testing/unit/test_cpa_plan.c).
 *
 * Why plan at all: a change must be all or nothing.  Splitting a large page
 * needs a new page-table page, and an allocation that fails after some
 * entries were rewritten would leave the range half changed.  So the CPA
 * core first asks this file which large pages the change cuts through,
 * allocates exactly one page per split, and only then touches an entry.
 *
 * Only the two ends of a range can cut a large page: a large page wholly
 * inside the range changes as one entry.  An end that is not aligned to
 * the page holding it splits that page (1G -> 2M), and then, if it is not
 * 2M aligned either, the 2M page holding it (2M -> 4K).  Both ends inside
 * one large page share its split.
 *
 * Entry layouts (SDM Vol. 3A 4.5, Tables 4-15 to 4-20): a 4 KiB PTE holds
 * the PAT bit in bit 7; in a PDE or PDPTE that maps a page, bit 7 is PS
 * and the PAT bit moves to bit 12, the lowest frame bit of a 4 KiB frame,
 * which a 2 MiB or 1 GiB frame does not need (SDM Vol. 3A 4.9.2).  A split
 * or merge must therefore move the PAT bit, and reading a large entry's
 * frame must mask bit 12 off; every such conversion is in this file.
 */
#include <linux/errno.h>
#include <linux/types.h>
#include <asm/page_types.h>
#include <asm/pgtable_types.h>
#include "cpa_plan.h"

/* hardware sets these; they never make two entries different mappings */
#define CPA_HW_BITS	(_PAGE_ACCESSED | _PAGE_DIRTY)

/* the frame bits of a leaf at @level: large frames leave bit 12 to PAT */
static pteval_t leaf_frame_mask(enum pg_level level)
{
	return PTE_PFN_MASK & ~((pteval_t)pt_level_size(level) - 1);
}

static unsigned long align_down(unsigned long va, enum pg_level level)
{
	return va & ~(pt_level_size(level) - 1);
}

/**
 * cpa_plan_init() - start an empty plan
 * @plan: the plan
 */
void cpa_plan_init(struct cpa_plan *plan)
{
	plan->nr_splits = 0;
}

static int plan_split(struct cpa_plan *plan, unsigned long va,
		      enum pg_level level)
{
	unsigned int i;

	for (i = 0; i < plan->nr_splits; i++)
		if (plan->splits[i].va == va && plan->splits[i].level == level)
			return 0;
	if (plan->nr_splits == CPA_PLAN_MAX_SPLITS)
		return -ENOSPC;
	plan->splits[plan->nr_splits].va = va;
	plan->splits[plan->nr_splits].level = level;
	plan->nr_splits++;
	return 0;
}

/* split down from the leaf holding @in until @cut is an entry boundary */
static int plan_end(struct cpa_plan *plan, const struct cpa_pt_view *view,
		    unsigned long in, unsigned long cut)
{
	enum pg_level level = view->leaf_level(view, in);
	int err;

	for (; level > PG_LEVEL_4K; level--) {
		if (!(cut & (pt_level_size(level) - 1)))
			return 0;
		err = plan_split(plan, align_down(in, level), level);
		if (err)
			return err;
	}
	return 0;
}

/**
 * cpa_plan_add_range() - add the splits a change of [start, end) needs
 * @plan: the plan, started with cpa_plan_init()
 * @view: the page tables as they are now
 * @start: first byte, page aligned
 * @end: one past the last byte, page aligned; 0 means the top of memory
 *
 * Every page of the range must be mapped.  A split already in @plan is
 * not added twice, so a change and its alias can share one plan.
 *
 * Return: 0; -EINVAL for an empty, misaligned or partly unmapped range;
 * -ENOSPC when the plan is full (more than two ranges).
 */
int cpa_plan_add_range(struct cpa_plan *plan, const struct cpa_pt_view *view,
		       unsigned long start, unsigned long end)
{
	unsigned long last = end - 1, va = start;
	enum pg_level level;
	int err;

	if ((start | end) & (pt_level_size(PG_LEVEL_4K) - 1) || last < start)
		return -EINVAL;
	/* whole-range check first, so a refused range plans nothing */
	for (;;) {
		level = view->leaf_level(view, va);
		if (level == PG_LEVEL_NONE)
			return -EINVAL;
		/* the leaf holding the last byte ends the walk (no wrap) */
		if (last - align_down(va, level) < pt_level_size(level))
			break;
		va = align_down(va, level) + pt_level_size(level);
	}
	err = plan_end(plan, view, start, start);
	if (!err)
		err = plan_end(plan, view, last, end);
	return err;
}

/**
 * cpa_split_entries() - the 512 entries that replace a large one
 * @large: a present or not-present leaf entry of @level, with PS
 * @level: PG_LEVEL_2M or PG_LEVEL_1G
 * @table: 512 entries of the level below, written here
 *
 * Every attribute is kept.  For 2M -> 4K the PAT bit moves from bit 12 to
 * bit 7 and PS goes (bit 7 of a PTE is PAT: PS must be cleared before the
 * PAT bit lands there); 1G -> 2M keeps the large layout, PS and bit 12.
 */
void cpa_split_entries(pteval_t large, enum pg_level level, pteval_t *table)
{
	pteval_t frame = large & leaf_frame_mask(level);
	pteval_t flags = large & ~leaf_frame_mask(level);
	unsigned long step = pt_level_size(level - 1);
	unsigned int i;

	if (level == PG_LEVEL_2M)
		flags = protval_large_2_4k(flags & ~_PAGE_PSE);
	for (i = 0; i < PTRS_PER_TABLE; i++)
		table[i] = (frame + (pteval_t)i * step) | flags;
}

/**
 * cpa_entries_mergeable() - can a table become one entry again?
 * @table: 512 entries of @level
 * @level: PG_LEVEL_4K (into a 2M page) or PG_LEVEL_2M (into a 1G page)
 *
 * True when all are present leaves with the same attributes (accessed
 * and dirty aside) mapping one contiguous, naturally aligned frame.
 */
bool cpa_entries_mergeable(const pteval_t *table, enum pg_level level)
{
	pteval_t mask = leaf_frame_mask(level);
	pteval_t flags = table[0] & ~mask & ~CPA_HW_BITS;
	pteval_t frame = table[0] & mask;
	unsigned long step = pt_level_size(level);
	unsigned int i;

	if (!(flags & _PAGE_PRESENT) ||
	    (level == PG_LEVEL_2M && !(flags & _PAGE_PSE)) ||
	    frame & ((pteval_t)pt_level_size(level + 1) - 1))
		return false;
	for (i = 1; i < PTRS_PER_TABLE; i++)
		if ((table[i] & ~mask & ~CPA_HW_BITS) != flags ||
		    (table[i] & mask) != frame + (pteval_t)i * step)
			return false;
	return true;
}

/**
 * cpa_merged_entry() - the large entry for a mergeable table
 * @table: 512 entries of @level that cpa_entries_mergeable() accepted
 * @level: PG_LEVEL_4K or PG_LEVEL_2M
 *
 * The inverse of cpa_split_entries(): for 4K -> 2M the PAT bit moves from
 * bit 7 to bit 12 before PS takes bit 7.  Accessed and dirty are kept if
 * any entry had them.
 */
pteval_t cpa_merged_entry(const pteval_t *table, enum pg_level level)
{
	pteval_t mask = leaf_frame_mask(level), hw = 0, flags;
	unsigned int i;

	for (i = 0; i < PTRS_PER_TABLE; i++)
		hw |= table[i] & CPA_HW_BITS;
	flags = (table[0] & ~mask) | hw;
	if (level == PG_LEVEL_4K)
		flags = protval_4k_2_large(flags) | _PAGE_PSE;
	return (table[0] & mask) | flags;
}
