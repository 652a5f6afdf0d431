// SPDX-License-Identifier: GPL-2.0
/*
 * With PAT off nothing outside RAM is reserved (as in Linux), so the tree
 * cannot say who maps device memory or how.  The mappings themselves
 * can: every mapped ioremap area (mm/vmalloc.c) and every user mapping of
 * raw frames (mm/pfnmap.c's contexts, made with PAT off too) records its
 * physical range, owner, and the mode its entries select.  This takes one
 * copy of both, in start order, for pat_memtype_owners (memtype_debug.c).
 *
 * Each list is copied under its own lock, the areas' with IRQs off, so no
 * allocation happens there: count, allocate, copy, and retry bigger if
 * the list grew in between.  The two copies are not one instant: a
 * mapping made or dropped while they are taken may be in either.
 */
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/pfnmap_track.h>
#include <linux/sort.h>
#include <linux/vmalloc.h>
#include <asm/page.h>
#include "memtype.h"

struct memtype_area_copy {
	struct memtype_mapping *buf;
	unsigned long max;
	unsigned long n;	/* every mapped area, copied or not */
};

static int memtype_copy_area(const struct vm_struct *a, void *arg)
{
	struct memtype_area_copy *c = arg;
	struct memtype_mapping *m;

	if (!(READ_ONCE(a->flags) & VM_IOMAPPED))
		return 0;
	/* ioremap wrote the fields before the flag (ioremap_publish()) */
	barrier();
	if (c->n < c->max) {
		m = &c->buf[c->n];
		m->start = a->phys_addr;
		m->end = a->phys_addr + get_vm_area_size(a);
		m->mode = a->pcm;
		m->owner.caller = a->caller;
		m->owner.driver = a->driver;
		m->user = NULL;
	}
	c->n++;
	return 0;
}

/**
 * memtype_copy_growing() - copy a list that may grow while it is counted
 * @size: bytes per entry
 * @cap: entries to try first
 * @extra: entries to leave free after the copy, for the caller
 * @copy: copies at most @max entries into @buf under the list's lock, in
 *        one pass, and returns how many the list holds
 * @arg: passed to @copy
 * @n: receives the number of entries copied
 *
 * The list's lock may be IRQ-safe, so no allocation can happen under it:
 * allocate, copy, and try again bigger if the list held more.  Returns
 * the copy (kvfree() it), or NULL without memory.
 */
void *memtype_copy_growing(size_t size, unsigned long cap,
			   unsigned long extra,
			   unsigned long (*copy)(void *buf, unsigned long max,
						 void *arg),
			   void *arg, unsigned long *n)
{
	unsigned long total;
	void *buf;

	for (;;) {
		buf = kvmalloc((cap + extra) * size, GFP_KERNEL);
		if (!buf)
			return NULL;
		total = copy(buf, cap, arg);
		if (total <= cap) {
			*n = total;
			return buf;
		}
		kvfree(buf);
		cap = total + total / 4 + 16;	/* it grew: try bigger */
	}
}

static unsigned long memtype_copy_ctxs(void *buf, unsigned long max,
				       void *arg)
{
	return pfnmap_track_ctx_snapshot(buf, max);
}

static unsigned long memtype_copy_areas(void *buf, unsigned long max,
					void *arg)
{
	struct memtype_area_copy c = { .buf = buf, .max = max };

	vm_area_for_each(memtype_copy_area, &c);
	return c.n;
}

/* a user mapping of device memory, as the tree would have held it */
static void memtype_add_ctx(struct memtype_mappings *s,
			    const struct pfnmap_track_ctx *ctx)
{
	u64 start = PFN_PHYS((u64)ctx->pfn), end = start + ctx->size;
	struct memtype_mapping *m;

	/* RAM is never in the tree, with PAT on or off */
	if (memtype_classify(start, end) == MEMTYPE_RAM)
		return;
	m = &s->m[s->n++];
	m->start = start;
	m->end = end;
	m->mode = ctx->pcm;
	m->owner.caller = pfnmap_owner_caller();
	m->owner.driver = NULL;
	m->user = ctx;
}

/* start order, then end; equal ranges keep the order they were taken */
static int memtype_mapping_cmp(const void *a, const void *b)
{
	const struct memtype_mapping *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	if (x->seq != y->seq)
		return x->seq < y->seq ? -1 : 1;
	return 0;
}

/**
 * memtype_mappings_take() - the live mappings of non-RAM memory
 * @s: receives the list, s->n entries in s->m, in start order
 *
 * Returns 0, or -ENOMEM with nothing to free.  Free with
 * memtype_mappings_free().
 */
int memtype_mappings_take(struct memtype_mappings *s)
{
	unsigned long i;

	s->ctx = memtype_copy_growing(sizeof(*s->ctx), 16, 0,
				      memtype_copy_ctxs, NULL, &s->nr_ctx);
	if (!s->ctx)
		return -ENOMEM;
	/* room after the areas for the user mappings added below */
	s->m = memtype_copy_growing(sizeof(*s->m), 64, s->nr_ctx,
				    memtype_copy_areas, NULL, &s->n);
	if (!s->m) {
		kvfree(s->ctx);
		return -ENOMEM;
	}
	for (i = 0; i < s->nr_ctx; i++)
		memtype_add_ctx(s, &s->ctx[i]);
	for (i = 0; i < s->n; i++)
		s->m[i].seq = i;
	sort(s->m, s->n, sizeof(*s->m), memtype_mapping_cmp, NULL);
	return 0;
}

/**
 * memtype_mappings_free() - free what memtype_mappings_take() took
 * @s: as filled
 */
void memtype_mappings_free(struct memtype_mappings *s)
{
	kvfree(s->m);
	kvfree(s->ctx);
}
