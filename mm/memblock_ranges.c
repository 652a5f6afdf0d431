// SPDX-License-Identifier: GPL-2.0
/*
 * Range-set arithmetic for memblock: insert with merging, subtract with
 * splitting, walk "memory minus reserved", find the highest free fit.
 * Pure (see Documentation/process/conventions.rst): the kernel and the
 * host unit tests (tools/testing/unit/) build this very file.
 *
 * The sets are small (tens of ranges), so plain arrays with memmove-style
 * shifting beat anything cleverer and are easy to check.
 */
#include <linux/errno.h>
#include <linux/memblock_ranges.h>

/* shift r[from..cnt) by @by slots (positive: right, negative: left) */
static void mb_shift(struct mb_ranges *t, unsigned int from, int by)
{
	unsigned int i;

	if (by > 0) {
		for (i = t->cnt; i-- > from;)
			t->r[i + by] = t->r[i];
	} else if (by < 0) {
		for (i = from; i < t->cnt; i++)
			t->r[i + by] = t->r[i];
	}
	t->cnt += by;
}

/**
 * mb_ranges_add() - add [base, end) to a set
 * @t: the set
 * @base: first byte
 * @end: end, exclusive; an empty or inverted range changes nothing
 *
 * Ranges that overlap or touch the new one are merged into it.  Returns 0,
 * or -ENOSPC when a new slot is needed and the set is full (the set is
 * then unchanged).
 */
int mb_ranges_add(struct mb_ranges *t, u64 base, u64 end)
{
	unsigned int i = 0, j;

	if (base >= end)
		return 0;
	/* first range that could touch: its end reaches base */
	while (i < t->cnt && t->r[i].end < base)
		i++;
	/* r[i..j) all touch or overlap the new range */
	for (j = i; j < t->cnt && t->r[j].base <= end; j++) {
		if (t->r[j].base < base)
			base = t->r[j].base;
		if (t->r[j].end > end)
			end = t->r[j].end;
	}
	if (i == j) {
		if (t->cnt >= t->max)
			return -ENOSPC;
		mb_shift(t, i, 1);
	} else if (j - i > 1) {
		mb_shift(t, j, -(int)(j - i - 1));
	}
	t->r[i].base = base;
	t->r[i].end = end;
	return 0;
}

/**
 * mb_ranges_remove() - take [base, end) out of a set
 * @t: the set
 * @base: first byte
 * @end: end, exclusive
 *
 * Parts of the set outside [base, end) stay.  Returns 0, or -ENOSPC when
 * a range must be split in two and the set is full (then unchanged).
 */
int mb_ranges_remove(struct mb_ranges *t, u64 base, u64 end)
{
	unsigned int i = 0, first, gone;

	if (base >= end)
		return 0;
	while (i < t->cnt && t->r[i].end <= base)
		i++;
	if (i == t->cnt || t->r[i].base >= end)
		return 0;

	/* one range strictly containing the hole: split it */
	if (t->r[i].base < base && t->r[i].end > end) {
		if (t->cnt >= t->max)
			return -ENOSPC;
		mb_shift(t, i + 1, 1);
		t->r[i + 1].base = end;
		t->r[i + 1].end = t->r[i].end;
		t->r[i].end = base;
		return 0;
	}
	/* keep a head sticking out on the left */
	if (t->r[i].base < base) {
		t->r[i].end = base;
		i++;
	}
	/* drop ranges wholly inside, trim a tail sticking out on the right */
	first = i;
	while (i < t->cnt && t->r[i].end <= end)
		i++;
	if (i < t->cnt && t->r[i].base < end)
		t->r[i].base = end;
	gone = i - first;
	if (gone)
		mb_shift(t, i, -(int)gone);
	return 0;
}

bool mb_ranges_contains(const struct mb_ranges *t, u64 addr)
{
	return mb_ranges_overlaps(t, addr, addr + 1);
}

bool mb_ranges_overlaps(const struct mb_ranges *t, u64 base, u64 end)
{
	unsigned int i;

	for (i = 0; i < t->cnt && t->r[i].base < end; i++)
		if (t->r[i].end > base)
			return base < end;
	return false;
}

u64 mb_ranges_total(const struct mb_ranges *t)
{
	unsigned int i;
	u64 sum = 0;

	for (i = 0; i < t->cnt; i++)
		sum += t->r[i].end - t->r[i].base;
	return sum;
}

/**
 * mb_ranges_next_free() - next range of @mem minus @rsv from *@cursor
 * @mem: the ranges that exist
 * @rsv: the ranges in use
 * @cursor: in/out: where to look from (0 to start)
 * @start: receives the first free byte
 * @end: receives the end (exclusive) of the free run
 *
 * A free run ends at the end of its memory range or at the next reserved
 * range, whichever comes first; the cursor moves to that end.
 */
bool mb_ranges_next_free(const struct mb_ranges *mem,
			 const struct mb_ranges *rsv, u64 *cursor,
			 u64 *start, u64 *end)
{
	unsigned int m, r = 0, k;
	u64 p;

	for (m = 0; m < mem->cnt; m++) {
		if (mem->r[m].end <= *cursor)
			continue;
		p = mem->r[m].base > *cursor ? mem->r[m].base : *cursor;
		/*
		 * @rsv is merged (no two ranges touch), so one step past a
		 * range covering p reaches free memory or the end of @mem's
		 * range.  r stays on the covering range: it may reach into
		 * the next memory range too.
		 */
		while (r < rsv->cnt && rsv->r[r].end <= p)
			r++;
		if (r < rsv->cnt && rsv->r[r].base <= p)
			p = rsv->r[r].end;
		if (p >= mem->r[m].end)
			continue;
		for (k = r; k < rsv->cnt && rsv->r[k].end <= p; k++)
			;
		*start = p;
		*end = mem->r[m].end;
		if (k < rsv->cnt && rsv->r[k].base < *end)
			*end = rsv->r[k].base;
		*cursor = *end;
		return true;
	}
	return false;
}

/**
 * mb_ranges_find_top_down() - highest free, aligned fit inside [lo, hi)
 * @mem: the ranges that exist
 * @rsv: the ranges in use
 * @size: bytes wanted, not 0
 * @align: power of two
 * @lo: lowest acceptable address
 * @hi: highest acceptable end, exclusive
 * @out: receives the address
 *
 * Top-down keeps low memory (below 1 GiB for early page tables, below
 * 4 GiB for 32-bit devices) for the callers that need it.  Free runs come
 * in ascending order, so the last fit seen is the highest.
 */
bool mb_ranges_find_top_down(const struct mb_ranges *mem,
			     const struct mb_ranges *rsv, u64 size, u64 align,
			     u64 lo, u64 hi, u64 *out)
{
	u64 cursor = 0, s, e, cand;
	bool found = false;

	if (!size || !align || (align & (align - 1)))
		return false;
	while (mb_ranges_next_free(mem, rsv, &cursor, &s, &e)) {
		if (s < lo)
			s = lo;
		if (e > hi)
			e = hi;
		if (s >= e || e - s < size)
			continue;
		cand = (e - size) & ~(align - 1);
		if (cand >= s) {
			*out = cand;
			found = true;
		}
	}
	return found;
}
