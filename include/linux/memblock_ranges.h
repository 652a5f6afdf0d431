/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sorted sets of disjoint physical ranges, the arithmetic under memblock
 * (mm/memblock_ranges.c).  Pure: the caller owns the storage, nothing is
 * allocated or printed, so the same file runs in host unit tests.
 *
 * Ranges are half-open, [base, end): end is the first byte NOT in the
 * range, which makes adjacency (a.end == b.base) and emptiness
 * (base == end) exact without "- 1" arithmetic.  A set never holds an
 * empty range, two overlapping ranges or two touching ones: they are
 * merged on insertion.
 */
#ifndef _CACHET_LINUX_MEMBLOCK_RANGES_H
#define _CACHET_LINUX_MEMBLOCK_RANGES_H

#include <linux/types.h>

struct mb_range {
	u64 base;
	u64 end;	/* exclusive */
};

struct mb_ranges {
	unsigned int cnt;
	unsigned int max;	/* capacity of @r */
	struct mb_range *r;	/* sorted by base */
};

/* add [base, end), merging what it overlaps or touches; 0 or -ENOSPC */
int mb_ranges_add(struct mb_ranges *t, u64 base, u64 end);
/* take [base, end) out, splitting a range if needed; 0 or -ENOSPC */
int mb_ranges_remove(struct mb_ranges *t, u64 base, u64 end);
/* is @addr inside some range? */
bool mb_ranges_contains(const struct mb_ranges *t, u64 addr);
/* does some range share a byte with [base, end)? */
bool mb_ranges_overlaps(const struct mb_ranges *t, u64 base, u64 end);
/* bytes covered */
u64 mb_ranges_total(const struct mb_ranges *t);

/*
 * The next range of @mem not covered by @rsv, starting at or after
 * *@cursor.  Start with *@cursor = 0; returns false when there is none.
 * The cursor is an address, so the walk is stable even though @rsv may
 * change between calls (allocation during a walk).
 */
bool mb_ranges_next_free(const struct mb_ranges *mem,
			 const struct mb_ranges *rsv, u64 *cursor,
			 u64 *start, u64 *end);

/*
 * Highest @align-aligned address A with [A, A + size) free (in @mem, not
 * in @rsv) and inside [lo, hi).  Returns true and sets *@out, or false.
 * @align must be a power of two.
 */
bool mb_ranges_find_top_down(const struct mb_ranges *mem,
			     const struct mb_ranges *rsv, u64 size, u64 align,
			     u64 lo, u64 hi, u64 *out);

#endif /* _CACHET_LINUX_MEMBLOCK_RANGES_H */
