// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the memtype tree against the reference model.
 *
 * The input is read as 4-byte operations over a space of 64 pages, so that
 * overlaps, duplicates and shrinks are the rule:
 *
 *   byte 0: operation (r, s, f, f-of-a-held-range, l, fail an allocation)
 *   byte 1: start page (or which held range, or which allocation fails)
 *   byte 2: length in pages, 1..16, sometimes 1..64
 *   byte 3: mode (low 3 bits, 6 and 7 are invalid) and owner (next 2 bits)
 *
 * Every answer (return value, new type, what a reserve met on success or
 * on -EBUSY, freed entry) must match the model's; after every step
 * memtype_tree_check() must pass, and the content is compared with the
 * model entry by entry.  An allocation made to fail must leave the tree,
 * and the reserve's report, exactly as they were.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_model.h"

struct fuzz_alloc {
	long calls, fail_at, live;
};

static void *fuzz_alloc_fn(size_t size, void *ctx)
{
	struct fuzz_alloc *fa = ctx;

	if (++fa->calls == fa->fail_at)
		return NULL;
	fa->live++;
	return malloc(size);
}

static void fuzz_free_fn(void *p, size_t size, void *ctx)
{
	struct fuzz_alloc *fa = ctx;

	(void)size;
	fa->live--;
	free(p);
}

static const struct memtype_tree_alloc_ops fuzz_ops = {
	.alloc = fuzz_alloc_fn,
	.free = fuzz_free_fn,
};

static const struct memtype_owner fuzz_owners[4] = {
	{ 0, NULL }, { 0x10, "a" }, { 0x20, "b" }, { 0x10, "b" },
};

static int same_entry(const struct memtype_tree_entry *a,
		      const struct memtype_tree_entry *b)
{
	return a->start == b->start && a->end == b->end && a->mode == b->mode &&
	       a->owner.caller == b->owner.caller &&
	       a->owner.driver == b->owner.driver;
}

/* Same report: mode, whether anything overlapped, and then which entry. */
static int same_met(const struct memtype_tree_conflict *a,
		    const struct memtype_tree_conflict *b)
{
	return a->found == b->found && a->overlap == b->overlap &&
	       (!a->overlap || same_entry(&a->holder, &b->holder));
}

static void __noreturn die(const char *what, size_t step)
{
	fprintf(stderr, "memtype_tree_fuzz: step %zu: %s\n", step, what);
	abort();
}

static void compare(struct memtype_tree *tree, struct ref_model *m, size_t step)
{
	static struct memtype_tree_entry want[8192], got[8192];
	size_t n, k;
	int err = memtype_tree_check(tree);

	if (err)
		die(memtype_tree_check_name(err), step);
	n = ref_snapshot(m, want);
	if (memtype_tree_count(tree) != n ||
	    memtype_tree_copy(tree, 0, got, 8192) != n)
		die("entry count differs from the model", step);
	for (k = 0; k < n; k++)
		if (!same_entry(&want[k], &got[k]))
			die("content differs from the model", step);
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct fuzz_alloc fa = { 0, 0, 0 };
	struct memtype_tree tree;
	struct ref_model m;
	size_t step;

	memtype_tree_init(&tree, &fuzz_ops, &fa);
	ref_init(&m);
	for (step = 0; step + 4 <= size && m.nr < 8000; step += 4) {
		const unsigned char *d = data + step;
		unsigned int len = d[2] & 0x80 ? 1 + d[2] % 64 : 1 + d[2] % 16;
		u64 a = (u64)(d[1] % 64) << 12, b = a + ((u64)len << 12);
		int mode = d[3] & 7, strict = 0, r1, r2;
		const struct memtype_owner *o = &fuzz_owners[(d[3] >> 3) & 3];
		enum page_cache_mode t1 = mode, t2 = mode;
		struct memtype_tree_conflict c1, c2;
		struct memtype_tree_entry e1, e2;

		switch (d[0] % 8) {
		case 0:
		case 1:
			strict = d[0] & 8;
			memset(&c1, 0x5a, sizeof(c1));
			memset(&c2, 0x5a, sizeof(c2));
			r1 = memtype_tree_reserve(&tree, a, b, mode,
						  strict ? NULL : &t1, o, &c1);
			if (r1 == -EINVAL && memcmp(&c1, &c2, sizeof(c1)))
				die("-EINVAL wrote the report", step);
			r2 = ref_reserve(&m, a, b, mode, strict ? NULL : &t2, o, &c2);
			if (r1 != r2 || t1 != t2)
				die("reserve answer differs", step);
			if ((!r1 || r1 == -EBUSY) && !same_met(&c1, &c2))
				die("reserve report differs", step);
			break;
		case 2:
		case 3:
			if (m.nr && d[0] % 8 == 3) {
				const struct memtype_tree_entry *h = &m.e[d[1] % m.nr];

				b = h->end;
				a = d[2] & 1 ? h->start : b - ((u64)len << 12);
				if (a > b)
					a = h->start;
			}
			r1 = memtype_tree_free(&tree, a, b, &e1);
			r2 = ref_free(&m, a, b, &e2);
			if (r1 != r2 || (r1 >= 0 && !same_entry(&e1, &e2)))
				die("free answer differs", step);
			break;
		case 4:
		case 5:
			if (memtype_tree_lookup(&tree, a) != ref_lookup(&m, a))
				die("lookup differs", step);
			break;
		default: {
			/* The next reserve's d[1] % 4 + 1-th allocation fails. */
			unsigned long before = memtype_tree_count(&tree);

			fa.fail_at = fa.calls + 1 + d[1] % 4;
			memset(&c1, 0x5a, sizeof(c1));
			memset(&c2, 0x5a, sizeof(c2));
			r1 = memtype_tree_reserve(&tree, a, b, mode % 6, &t1, o, &c1);
			if (r1 == -ENOMEM) {
				if (memtype_tree_count(&tree) != before)
					die("-ENOMEM changed the tree", step);
				if (memcmp(&c1, &c2, sizeof(c1)))
					die("-ENOMEM wrote the report", step);
			} else {
				r2 = ref_reserve(&m, a, b, mode % 6, &t2, o, &c2);
				if (r1 != r2 || t1 != t2)
					die("reserve answer differs", step);
				if ((!r1 || r1 == -EBUSY) && !same_met(&c1, &c2))
					die("reserve report differs", step);
			}
			fa.fail_at = 0;
			break;
		}
		}
		compare(&tree, &m, step);
	}
	memtype_tree_destroy(&tree);
	ref_destroy(&m);
	if (fa.live || memtype_tree_bytes(&tree))
		die("memory left after destroy", step);
	return 0;
}
