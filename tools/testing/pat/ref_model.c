// SPDX-License-Identifier: GPL-2.0
/*
 * The reference model: TRACE-FORMAT.md read literally.  Entries sit in an
 * array in the order they were inserted; a shrunk entry moves to the end,
 * because it "counts as inserted at the moment it was shrunk".  "Lowest
 * start, then first inserted" is a scan for the smallest (start, index).
 * Slow on purpose: it has to be obviously right, not fast.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_model.h"

void ref_init(struct ref_model *m)
{
	m->e = NULL;
	m->nr = 0;
	m->cap = 0;
}

void ref_destroy(struct ref_model *m)
{
	free(m->e);
	ref_init(m);
}

static int overlaps(const struct memtype_tree_entry *e, u64 start, u64 end)
{
	return e->start < end && start < e->end;
}

/* Index of the overlapping entry first in (start, insertion) order, or -1. */
static long first_overlap(const struct ref_model *m, u64 start, u64 end,
			  int skip_mode)
{
	long best = -1;
	size_t i;

	for (i = 0; i < m->nr; i++) {
		if (!overlaps(&m->e[i], start, end))
			continue;
		if (skip_mode >= 0 && (int)m->e[i].mode == skip_mode)
			continue;
		if (best < 0 || m->e[i].start < m->e[best].start)
			best = (long)i;
	}
	return best;
}

static void append(struct ref_model *m, const struct memtype_tree_entry *e)
{
	if (m->nr == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 64;
		m->e = realloc(m->e, m->cap * sizeof(*m->e));
		if (!m->e) {
			perror("realloc");
			exit(1);
		}
	}
	m->e[m->nr++] = *e;
}

static void remove_at(struct ref_model *m, size_t i)
{
	memmove(&m->e[i], &m->e[i + 1], (m->nr - i - 1) * sizeof(*m->e));
	m->nr--;
}

static int reserve(struct ref_model *m, u64 start, u64 end,
		   enum page_cache_mode req, enum page_cache_mode *new_type,
		   const struct memtype_owner *owner,
		   struct memtype_tree_conflict *conflict, bool owned)
{
	struct memtype_tree_entry e;
	enum page_cache_mode found = req;
	long first, bad;

	if (start >= end || (unsigned int)req > 5)
		return -EINVAL;
	first = first_overlap(m, start, end, -1);
	if (first >= 0 && new_type)
		found = m->e[first].mode;
	bad = first_overlap(m, start, end, (int)found);
	if (bad >= 0) {
		if (conflict) {
			conflict->found = found;
			conflict->overlap = true;
			conflict->holder = m->e[bad];
		}
		return -EBUSY;
	}
	/* Success names the first overlapping entry, if any: the one adopted. */
	if (conflict) {
		conflict->found = found;
		conflict->overlap = first >= 0;
		if (first >= 0)
			conflict->holder = m->e[first];
	}
	e.start = start;
	e.end = end;
	e.mode = found;
	e.owner.caller = owner ? owner->caller : 0;
	e.owner.driver = owner ? owner->driver : NULL;
	e.owned = owned;
	append(m, &e);
	if (new_type)
		*new_type = found;
	return 0;
}

int ref_reserve(struct ref_model *m, u64 start, u64 end,
		enum page_cache_mode req, enum page_cache_mode *new_type,
		const struct memtype_owner *owner,
		struct memtype_tree_conflict *conflict)
{
	return reserve(m, start, end, req, new_type, owner, conflict, false);
}

/* an entry that only ref_free_owner() by its owner removes */
int ref_reserve_owned(struct ref_model *m, u64 start, u64 end,
		      enum page_cache_mode req, enum page_cache_mode *new_type,
		      const struct memtype_owner *owner,
		      struct memtype_tree_conflict *conflict)
{
	return reserve(m, start, end, req, new_type, owner, conflict, true);
}

int ref_free(struct ref_model *m, u64 start, u64 end,
	     struct memtype_tree_entry *freed)
{
	struct memtype_tree_entry e;
	long best = -1;
	size_t i;

	if (start >= end)
		return -EINVAL;
	for (i = 0; i < m->nr; i++) {
		if (m->e[i].start == start && m->e[i].end == end &&
		    !m->e[i].owned) {
			if (freed)
				*freed = m->e[i];
			remove_at(m, i);
			return 0;
		}
	}
	for (i = 0; i < m->nr; i++) {
		if (m->e[i].end != end || m->e[i].start >= start ||
		    m->e[i].owned)
			continue;
		if (best < 0 || m->e[i].start < m->e[best].start)
			best = (long)i;
	}
	if (best < 0)
		return -EINVAL;
	e = m->e[best];
	if (freed)
		*freed = e;
	remove_at(m, (size_t)best);
	e.end = start;
	append(m, &e);
	return MEMTYPE_TREE_SHRUNK;
}

int ref_free_owner(struct ref_model *m, u64 start, u64 end,
		   const struct memtype_owner *owner,
		   struct memtype_tree_entry *freed)
{
	const struct memtype_owner anon = { 0, NULL };
	size_t i;

	if (!owner)
		owner = &anon;
	for (i = 0; start < end && i < m->nr; i++) {
		if (m->e[i].start != start || m->e[i].end != end ||
		    m->e[i].owner.caller != owner->caller ||
		    m->e[i].owner.driver != owner->driver)
			continue;
		if (freed)
			*freed = m->e[i];
		remove_at(m, i);
		return 0;
	}
	return -EINVAL;
}

int ref_lookup(const struct ref_model *m, u64 addr)
{
	u64 hi = addr > ~0ULL - 4096 ? ~0ULL : addr + 4096;
	long i = first_overlap(m, addr, hi, -1);

	return i < 0 ? -ENOENT : (int)m->e[i].mode;
}

struct ref_sorted {
	struct memtype_tree_entry e;
	size_t idx;
};

static int cmp_start_then_index(const void *x, const void *y)
{
	const struct ref_sorted *a = x, *b = y;

	if (a->e.start != b->e.start)
		return a->e.start < b->e.start ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

size_t ref_snapshot(const struct ref_model *m, struct memtype_tree_entry *buf)
{
	struct ref_sorted *s = malloc((m->nr + 1) * sizeof(*s));
	size_t i;

	if (!s) {
		perror("malloc");
		exit(1);
	}
	/* Sort by (start, position in the array): insertion order breaks ties. */
	for (i = 0; i < m->nr; i++) {
		s[i].e = m->e[i];
		s[i].idx = i;
	}
	qsort(s, m->nr, sizeof(*s), cmp_start_then_index);
	for (i = 0; i < m->nr; i++)
		buf[i] = s[i].e;
	free(s);
	return m->nr;
}
