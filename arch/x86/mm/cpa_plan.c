// SPDX-License-Identifier: GPL-2.0
/*
 * CPA planning, split and merge arithmetic.  Pure: no page table is read
 * except through the caller's view, nothing is allocated or printed, so the
 * very same file runs in host unit tests (tools/testing/unit/test_cpa_plan.c).
 *
 * Why plan at all: a change must be all or nothing.  Splitting a large page
 * needs a new page-table page, and an allocation that fails after some
 * entries were rewritten would leave the range half changed.  So the CPA
 * core first asks this file how many large pages the change must split,
 * preallocates one page-table page per split, and only then touches an
 * entry; it then splits by the very same rule, cpa_must_split().
 *
 * A large page must split when an end of the range cuts it (1G -> 2M, and
 * the 2M piece holding the end -> 4K if the end is not 2M aligned either;
 * both ends inside one large page share its split), or when the change
 * does not treat all its pages alike (a release by set_memory_wb() of
 * pages some of which another user still holds uncached).
 *
 * Entry layouts (SDM Vol. 3A 4.5, Tables 4-15 to 4-20): a 4 KiB PTE holds
 * the PAT bit in bit 7; in a PDE or PDPTE that maps a page, bit 7 is PS
 * and the PAT bit moves to bit 12, the lowest frame bit of a 4 KiB frame,
 * which a 2 MiB or 1 GiB frame does not need (SDM Vol. 3A 4.9.2).  A split
 * or merge must therefore move the PAT bit, and reading a large entry's
 * frame must mask bit 12 off: the entries of splits and merges are built
 * here, with the PAT-bit move of <asm/page_cache_mode.h>.
 */
#include <linux/errno.h>
#include <linux/types.h>
#include <asm/page_cache_mode.h>
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
 * cpa_must_split() - must a change of [start, end) split this leaf?
 * @leaf: the first address the leaf maps
 * @level: its level
 * @start: first byte of the change
 * @end: one past its last byte; 0 means the top of memory
 * @u: NULL when the change treats every page alike
 *
 * A large leaf must split when an end of the range cuts it, or when the
 * change does not treat all of its pages alike.  The CPA core splits by
 * this very rule, so cpa_plan_count() knows how many tables it will take.
 */
bool cpa_must_split(unsigned long leaf, enum pg_level level,
		    unsigned long start, unsigned long end,
		    const struct cpa_uniform *u)
{
	unsigned long size = pt_level_size(level);

	if (level == PG_LEVEL_4K)
		return false;
	if (leaf < start || leaf + size - 1 > end - 1)
		return true;
	return u && !u->uniform(u, leaf, size);
}

/* splits a leaf of @level at @leaf needs, the leaves it splits into included */
static unsigned int plan_leaf(unsigned long leaf, enum pg_level level,
			      unsigned long start, unsigned long end,
			      const struct cpa_uniform *u)
{
	unsigned long sub = pt_level_size(level - 1), va, last;
	unsigned int n = 1;

	if (!cpa_must_split(leaf, level, start, end, u))
		return 0;
	if (level - 1 == PG_LEVEL_4K)
		return n;
	/* the 2M pieces of a 1G page that overlap the range */
	last = leaf + pt_level_size(level) - 1;
	if (last > end - 1)
		last = end - 1;
	for (va = leaf < start ? align_down(start, level - 1) : leaf;;
	     va += sub) {
		n += cpa_must_split(va, level - 1, start, end, u);
		if (last - va < sub)
			return n;
	}
}

/**
 * cpa_plan_count() - the page-table pages a change of [start, end) needs
 * @view: the page tables as they are now
 * @u: NULL when the change treats every page alike (see cpa_must_split())
 * @start: first byte, page aligned
 * @end: one past the last byte, page aligned; 0 means the top of memory
 * @tables: receives the number of splits, each taking one page
 *
 * Every page of the range must be mapped.  Only the two ends can cut a
 * large page, each at most 1G -> 2M -> 4K; a non-uniform change may also
 * split large pages inside the range.
 *
 * Return: 0, or -EINVAL for an empty, misaligned or partly unmapped range.
 */
int cpa_plan_count(const struct cpa_pt_view *view,
		   const struct cpa_uniform *u, unsigned long start,
		   unsigned long end, unsigned int *tables)
{
	unsigned long last = end - 1, va, leaf, size;
	enum pg_level level;
	unsigned int n = 0;

	*tables = 0;
	if ((start | end) & (pt_level_size(PG_LEVEL_4K) - 1) || last < start)
		return -EINVAL;
	/* whole-range check first, so a refused range plans nothing */
	for (va = start;; va = leaf + size) {
		level = view->leaf_level(view, va);
		if (level == PG_LEVEL_NONE)
			return -EINVAL;
		leaf = align_down(va, level);
		size = pt_level_size(level);
		/* the leaf holding the last byte ends the walk (no wrap) */
		if (last - leaf < size)
			break;
	}
	for (va = start;; va = leaf + size) {
		level = view->leaf_level(view, va);
		leaf = align_down(va, level);
		size = pt_level_size(level);
		n += plan_leaf(leaf, level, start, end, u);
		if (last - leaf < size)
			break;
	}
	*tables = n;
	return 0;
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
