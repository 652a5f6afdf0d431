/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A model of cachet's memtype reservations of RAM: every 4 KiB page has a
 * cache mode and a reference count (struct page's memtype and
 * memtype_refs), write-back and 0 until reserved.  memtype-logcheck
 * replays the kernel's RAM log lines (p, q, m) on it.
 *
 * Pages are kept as runs of consecutive pages with the same mode and
 * count, so an operation costs the same whatever the size of its range
 * and any 64-bit page address works.
 */
#ifndef _PAT_RAM_MODEL_H
#define _PAT_RAM_MODEL_H

#include <stddef.h>
#include <linux/types.h>
#include <asm/page_cache_mode.h>

#define RAM_MODEL_PAGE		4096ULL
#define RAM_MODEL_MAX_REFS	65535	/* memtype_refs is a u16 */

/* [start, end) page aligned, every page with @refs references in @mode */
struct ram_run {
	u64 start, end;
	u32 refs;
	enum page_cache_mode mode;
};

/*
 * Runs in address order, disjoint, each with 1..RAM_MODEL_MAX_REFS
 * references (a page in no run has none); two runs that touch differ in
 * count or mode, so the list is the shortest one.
 */
struct ram_model {
	struct ram_run *run;
	size_t nr, cap;
};

void ram_model_init(struct ram_model *m);
void ram_model_destroy(struct ram_model *m);

/*
 * Reserve every page of [start, end) for @mode, all or nothing.
 * Return: 0; -EBUSY if a page is reserved with another mode; else
 * -ENOSPC if a page has RAM_MODEL_MAX_REFS references; -EINVAL for an
 * empty or unaligned range or a bad mode; -ENOMEM.  On error nothing
 * changed.
 */
int ram_model_reserve(struct ram_model *m, u64 start, u64 end,
		      enum page_cache_mode mode);

/*
 * Drop one reference from every page of [start, end), all or nothing; a
 * page left with none is write-back again.
 * Return: 0; -EINVAL if a page has no reference, or for an empty or
 * unaligned range; -ENOMEM.  On error nothing changed.
 */
int ram_model_release(struct ram_model *m, u64 start, u64 end);

/* The mode of the page holding @addr: its own if referenced, else WB. */
enum page_cache_mode ram_model_lookup(const struct ram_model *m, u64 addr);

/* References held on the page holding @addr. */
unsigned int ram_model_refs(const struct ram_model *m, u64 addr);

/* Number of pages with at least one reference. */
u64 ram_model_pages(const struct ram_model *m);

/* 0 if the runs keep the rules above, else the index of the first bad run + 1 */
size_t ram_model_check(const struct ram_model *m);

#endif /* _PAT_RAM_MODEL_H */
