// SPDX-License-Identifier: GPL-2.0
/*
 * Cleaning up the firmware memory map.  Pure: the map comes in as an
 * argument, so host tests feed it every kind of broken map.
 *
 * The method is a sweep over boundaries: every entry start and end (and
 * MAXPHYADDR) cuts the address space into segments; each segment gets the
 * strictest type of the entries covering it, RAM above MAXPHYADDR is
 * dropped, and neighbouring segments of one type are joined.  The output
 * is sorted, disjoint and minimal whatever the input was.  n <= 128, so
 * the O(n^2) scan costs nothing and needs no allocation.
 */
#include <linux/errno.h>
#include <linux/types.h>
#include <asm/e820/types.h>

#define MAX_POINTS	(2 * E820_MAX_ENTRIES + 1)

static unsigned int e820_strictness(u32 type)
{
	switch (type) {
	case E820_TYPE_RAM:
		return 0;
	case E820_TYPE_ACPI:
		return 1;
	case E820_TYPE_NVS:
		return 2;
	case E820_TYPE_PMEM:
	case E820_TYPE_PRAM:
	case E820_TYPE_SOFT_RESERVED:
		return 3;
	case E820_TYPE_UNUSABLE:
		return 4;
	default:		/* reserved, and anything unknown */
		return 5;
	}
}

/* the stricter of two types; equal strictness: the larger number */
static u32 e820_stricter(u32 a, u32 b)
{
	unsigned int sa = e820_strictness(a), sb = e820_strictness(b);

	if (sa != sb)
		return sa > sb ? a : b;
	return a > b ? a : b;
}

/* end of an entry, clipped below 2^64 */
static u64 e820_entry_end(const struct e820_entry *e)
{
	return e->addr + e->size < e->addr ? ~0ULL : e->addr + e->size;
}

static void insert_point(u64 *pts, unsigned int *n, u64 p)
{
	unsigned int i = *n;

	while (i > 0 && pts[i - 1] > p) {
		pts[i] = pts[i - 1];
		i--;
	}
	if (i > 0 && pts[i - 1] == p) {
		/* already there: undo the shift */
		for (; i < *n; i++)
			pts[i] = pts[i + 1];
		return;
	}
	pts[i] = p;
	(*n)++;
}

/* the type of segment [s, e): 0 if no entry covers it */
static u32 segment_type(const struct e820_table *t, u64 s, u64 e,
			bool *conflict)
{
	u32 type = 0;
	unsigned int i;

	*conflict = false;
	for (i = 0; i < t->nr_entries; i++) {
		const struct e820_entry *x = &t->entries[i];

		if (!x->size || x->addr > s || e820_entry_end(x) < e)
			continue;
		if (type && type != x->type)
			*conflict = true;
		type = type ? e820_stricter(type, x->type) : x->type;
	}
	return type;
}

static void emit(struct e820_table *out, u64 s, u64 e, u32 type)
{
	/* past the end only counting goes on: there is no last entry */
	struct e820_entry *last = out->nr_entries &&
				  out->nr_entries <= E820_MAX_ENTRIES ?
				  &out->entries[out->nr_entries - 1] : NULL;

	if (last && last->type == type && last->addr + last->size == s) {
		last->size += e - s;
		return;
	}
	if (out->nr_entries < E820_MAX_ENTRIES) {
		out->entries[out->nr_entries].addr = s;
		out->entries[out->nr_entries].size = e - s;
		out->entries[out->nr_entries].type = type;
	}
	out->nr_entries++;	/* counts past the end: the caller checks */
}

int e820__sanitize(struct e820_table *t, u64 max_phys_addr,
		   struct e820_sanitize_stats *stats)
{
	struct e820_sanitize_stats st = { 0 };
	struct e820_table out = { 0 };
	u64 pts[MAX_POINTS];
	unsigned int i, npts = 0, nr = t->nr_entries;
	bool conflict;

	if (nr > E820_MAX_ENTRIES)
		nr = t->nr_entries = E820_MAX_ENTRIES;
	for (i = 0; i < nr; i++) {
		const struct e820_entry *e = &t->entries[i];

		if (!e->size) {
			st.dropped_empty++;
			continue;
		}
		if (e->addr + e->size < e->addr)
			st.clipped_wrap++;
		insert_point(pts, &npts, e->addr);
		insert_point(pts, &npts, e820_entry_end(e));
	}
	if (max_phys_addr && npts)
		insert_point(pts, &npts, max_phys_addr);

	st.first_overlap = ~0ULL;
	for (i = 0; i + 1 < npts; i++) {
		u64 s = pts[i], e = pts[i + 1];
		u32 type = segment_type(t, s, e, &conflict);

		if (!type)
			continue;
		if (conflict) {
			st.overlaps++;
			if (s < st.first_overlap)
				st.first_overlap = s;
		}
		if (type == E820_TYPE_RAM && max_phys_addr && s >= max_phys_addr) {
			st.clipped_ram_bytes += e - s;
			continue;
		}
		emit(&out, s, e, type);
	}
	if (out.nr_entries > E820_MAX_ENTRIES)
		return -E2BIG;
	if (st.first_overlap == ~0ULL)
		st.first_overlap = 0;
	/* entries the output saved: joined neighbours and swallowed overlaps */
	st.merged = nr - st.dropped_empty > out.nr_entries ?
		    nr - st.dropped_empty - out.nr_entries : 0;
	*t = out;
	if (stats)
		*stats = st;
	return 0;
}

bool e820__table_mapped_all(const struct e820_table *t, u64 start, u64 end,
			    u32 type)
{
	unsigned int i;

	/* the table is sorted and disjoint: walk [start, end) forward */
	for (i = 0; i < t->nr_entries && start < end; i++) {
		const struct e820_entry *e = &t->entries[i];
		u64 ee = e820_entry_end(e);

		if (e->type != type || ee <= start)
			continue;
		if (e->addr > start)
			return false;
		start = ee;
	}
	return start >= end;
}

bool e820__table_mapped_any(const struct e820_table *t, u64 start, u64 end,
			    u32 type)
{
	unsigned int i;

	for (i = 0; i < t->nr_entries; i++) {
		const struct e820_entry *e = &t->entries[i];

		if (e->type == type && e->addr < end && e820_entry_end(e) > start)
			return true;
	}
	return false;
}

const char *e820_type_name(u32 type)
{
	switch (type) {
	case E820_TYPE_RAM:
		return "usable";
	case E820_TYPE_RESERVED:
		return "reserved";
	case E820_TYPE_ACPI:
		return "ACPI data";
	case E820_TYPE_NVS:
		return "ACPI NVS";
	case E820_TYPE_UNUSABLE:
		return "unusable";
	case E820_TYPE_PMEM:
		return "persistent (type 7)";
	case E820_TYPE_PRAM:
		return "persistent (type 12)";
	case E820_TYPE_SOFT_RESERVED:
		return "soft reserved";
	default:
		return NULL;
	}
}
