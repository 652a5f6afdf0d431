// SPDX-License-Identifier: GPL-2.0
/*
 * The RAM reservation model (ram_model.h): runs of pages with the same
 * mode and reference count, found by binary search.  An operation on
 * [start, end) rewrites only the runs it overlaps, plus the pieces of the
 * two at its edges, then merges what it rewrote with its neighbours.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ram_model.h"

void ram_model_init(struct ram_model *m)
{
	m->run = NULL;
	m->nr = 0;
	m->cap = 0;
}

void ram_model_destroy(struct ram_model *m)
{
	free(m->run);
	ram_model_init(m);
}

static bool bad_range(u64 start, u64 end)
{
	return start >= end || start % RAM_MODEL_PAGE || end % RAM_MODEL_PAGE;
}

/* Index of the first run that ends above @addr (m->nr if none does). */
static size_t first_ending_above(const struct ram_model *m, u64 addr)
{
	size_t lo = 0, hi = m->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->run[mid].end <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Index of the first run that starts at or above @addr. */
static size_t first_starting_at(const struct ram_model *m, u64 addr)
{
	size_t lo = 0, hi = m->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->run[mid].start < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Runs [*i, *j) are those overlapping [start, end). */
static void overlapping(const struct ram_model *m, u64 start, u64 end,
			size_t *i, size_t *j)
{
	*i = first_ending_above(m, start);
	*j = first_starting_at(m, end);
	if (*j < *i)
		*j = *i;
}

static bool same_kind(const struct ram_run *a, const struct ram_run *b)
{
	return a->end == b->start && a->refs == b->refs && a->mode == b->mode;
}

/* Merge touching runs of the same kind among runs [lo, hi). */
static void merge(struct ram_model *m, size_t lo, size_t hi)
{
	size_t w = lo, k;

	if (hi > m->nr)
		hi = m->nr;
	if (lo + 1 >= hi)
		return;
	for (k = lo + 1; k < hi; k++) {
		if (same_kind(&m->run[w], &m->run[k]))
			m->run[w].end = m->run[k].end;
		else
			m->run[++w] = m->run[k];
	}
	memmove(&m->run[w + 1], &m->run[hi], (m->nr - hi) * sizeof(*m->run));
	m->nr -= hi - (w + 1);
}

static struct ram_run run_of(u64 start, u64 end, u32 refs,
			     enum page_cache_mode mode)
{
	struct ram_run r = { start, end, refs, mode };

	return r;
}

/*
 * Add one reference (@up, in @mode) to every page of [start, end), or drop
 * one; the caller has checked that this is allowed.  Runs [i, j) overlap
 * the range.  Each overlapping run gives at most a gap before it and its
 * own overlap, plus a head, a tail gap and a tail piece at the edges.
 */
static int apply(struct ram_model *m, u64 start, u64 end, size_t i, size_t j,
		 bool up, enum page_cache_mode mode)
{
	size_t max = 2 * (j - i) + 3, n = 0, k;
	struct ram_run *piece = malloc(max * sizeof(*piece));
	u64 pos = start;

	if (!piece)
		return -ENOMEM;
	if (m->nr + max > m->cap) {
		size_t cap = 2 * (m->nr + max);
		struct ram_run *run = realloc(m->run, cap * sizeof(*run));

		if (!run) {
			free(piece);
			return -ENOMEM;
		}
		m->run = run;
		m->cap = cap;
	}
	if (i < j && m->run[i].start < start)
		piece[n++] = run_of(m->run[i].start, start, m->run[i].refs,
				    m->run[i].mode);
	for (k = i; k < j; k++) {
		const struct ram_run *r = &m->run[k];
		u64 s = r->start > start ? r->start : start;
		u64 e = r->end < end ? r->end : end;

		if (pos < s)	/* pages without a reference: a reserve only */
			piece[n++] = run_of(pos, s, 1, mode);
		if (up)
			piece[n++] = run_of(s, e, r->refs + 1, r->mode);
		else if (r->refs > 1)
			piece[n++] = run_of(s, e, r->refs - 1, r->mode);
		pos = e;
	}
	if (pos < end)
		piece[n++] = run_of(pos, end, 1, mode);
	if (i < j && m->run[j - 1].end > end)
		piece[n++] = run_of(end, m->run[j - 1].end, m->run[j - 1].refs,
				    m->run[j - 1].mode);

	memmove(&m->run[i + n], &m->run[j], (m->nr - j) * sizeof(*m->run));
	memcpy(&m->run[i], piece, n * sizeof(*piece));
	m->nr = m->nr - (j - i) + n;
	free(piece);
	merge(m, i ? i - 1 : 0, i + n + 1);
	return 0;
}

int ram_model_reserve(struct ram_model *m, u64 start, u64 end,
		      enum page_cache_mode mode)
{
	size_t i, j, k;

	if (bad_range(start, end) || (unsigned int)mode > _PAGE_CACHE_MODE_WP)
		return -EINVAL;
	overlapping(m, start, end, &i, &j);
	/* a conflict anywhere wins over a full count anywhere */
	for (k = i; k < j; k++)
		if (m->run[k].mode != mode)
			return -EBUSY;
	for (k = i; k < j; k++)
		if (m->run[k].refs >= RAM_MODEL_MAX_REFS)
			return -ENOSPC;
	return apply(m, start, end, i, j, true, mode);
}

int ram_model_release(struct ram_model *m, u64 start, u64 end)
{
	size_t i, j, k;
	u64 pos = start;

	if (bad_range(start, end))
		return -EINVAL;
	overlapping(m, start, end, &i, &j);
	/* every page needs a reference: the runs must leave no gap */
	for (k = i; k < j; k++) {
		if (m->run[k].start > pos)
			return -EINVAL;
		pos = m->run[k].end;
	}
	if (pos < end)
		return -EINVAL;
	return apply(m, start, end, i, j, false, _PAGE_CACHE_MODE_WB);
}

static const struct ram_run *run_holding(const struct ram_model *m, u64 addr)
{
	size_t k = first_ending_above(m, addr);

	return k < m->nr && m->run[k].start <= addr ? &m->run[k] : NULL;
}

enum page_cache_mode ram_model_lookup(const struct ram_model *m, u64 addr)
{
	const struct ram_run *r = run_holding(m, addr);

	return r ? r->mode : _PAGE_CACHE_MODE_WB;
}

unsigned int ram_model_refs(const struct ram_model *m, u64 addr)
{
	const struct ram_run *r = run_holding(m, addr);

	return r ? r->refs : 0;
}

u64 ram_model_pages(const struct ram_model *m)
{
	u64 pages = 0;
	size_t k;

	for (k = 0; k < m->nr; k++)
		pages += (m->run[k].end - m->run[k].start) / RAM_MODEL_PAGE;
	return pages;
}

size_t ram_model_check(const struct ram_model *m)
{
	size_t k;

	for (k = 0; k < m->nr; k++) {
		const struct ram_run *r = &m->run[k];

		if (bad_range(r->start, r->end) || !r->refs ||
		    r->refs > RAM_MODEL_MAX_REFS ||
		    (unsigned int)r->mode > _PAGE_CACHE_MODE_WP)
			return k + 1;
		if (k && (m->run[k - 1].end > r->start ||
			  same_kind(&m->run[k - 1], r)))
			return k + 1;
	}
	return 0;
}
