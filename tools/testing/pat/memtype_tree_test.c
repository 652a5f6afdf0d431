// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for arch/x86/mm/pat/memtype_tree.c, built on the host with
 * ASan and UBSan from the kernel's own source.
 *
 * Most cases are tables of steps, one rule of TRACE-FORMAT.md each; every
 * step runs against the tree and the reference model, checks the expected
 * answer, runs memtype_tree_check() and compares the whole content (with
 * owners) with the model.  The rest cover what a table cannot: allocation
 * failure, owners, iteration, the top of the address space, and many
 * random operations.
 *
 * Output: "ok N - name" / "not ok N - name", then "N passed, N failed";
 * the exit status is non-zero when a case failed.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ref_model.h"

#define WB	_PAGE_CACHE_MODE_WB
#define WC	_PAGE_CACHE_MODE_WC
#define UCM	_PAGE_CACHE_MODE_UC_MINUS
#define UC	_PAGE_CACHE_MODE_UC
#define WT	_PAGE_CACHE_MODE_WT
#define WP	_PAGE_CACHE_MODE_WP
#define SHRUNK	MEMTYPE_TREE_SHRUNK
#define ANY	(-100)

/* ---- a counting allocator that can fail on request ---------------------- */

struct test_alloc {
	long calls;		/* alloc calls so far */
	long fail_at;		/* fail the call with this number (0: never) */
	long live;		/* blocks handed out and not freed */
	int fail_all;		/* fail every call */
};

static void *test_alloc_fn(size_t size, void *ctx)
{
	struct test_alloc *ta = ctx;

	if (++ta->calls == ta->fail_at || ta->fail_all)
		return NULL;
	ta->live++;
	return malloc(size);
}

static void test_free_fn(void *p, size_t size, void *ctx)
{
	struct test_alloc *ta = ctx;

	(void)size;
	ta->live--;
	free(p);
}

static const struct memtype_tree_alloc_ops test_ops = {
	.alloc = test_alloc_fn,
	.free = test_free_fn,
};

/* ---- the tree and the model side by side -------------------------------- */

static const struct memtype_owner owners[] = {
	{ 0, NULL },
	{ 0x1000, "drm" },
	{ 0x2000, "nvme" },
	{ 0x3000, NULL },
	{ 0, "acpi" },
};

struct pair {
	struct memtype_tree tree;
	struct ref_model model;
	struct test_alloc ta;
};

static int failures;		/* failed checks in the current case */

static void __printf(1, 2) fail(const char *fmt, ...)
{
	va_list ap;

	if (failures++ > 10)
		return;
	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static void pair_init(struct pair *p)
{
	memset(&p->ta, 0, sizeof(p->ta));
	memtype_tree_init(&p->tree, &test_ops, &p->ta);
	ref_init(&p->model);
}

static void pair_destroy(struct pair *p)
{
	memtype_tree_destroy(&p->tree);
	ref_destroy(&p->model);
	if (p->ta.live)
		fail("%ld blocks left after destroy", p->ta.live);
	if (memtype_tree_bytes(&p->tree))
		fail("%lu bytes accounted after destroy",
		     memtype_tree_bytes(&p->tree));
}

static int owner_eq(const struct memtype_owner *a, const struct memtype_owner *b)
{
	return a->caller == b->caller && a->driver == b->driver;
}

static int entry_eq(const struct memtype_tree_entry *a,
		    const struct memtype_tree_entry *b)
{
	return a->start == b->start && a->end == b->end && a->mode == b->mode &&
	       a->owned == b->owned && owner_eq(&a->owner, &b->owner);
}

/* The tree is sound and holds exactly what the model holds, in order. */
static void pair_compare(struct pair *p, const char *when)
{
	size_t n = p->model.nr, k;
	struct memtype_tree_entry *want, *got;
	int err = memtype_tree_check(&p->tree);

	if (err)
		fail("%s: check: %s", when, memtype_tree_check_name(err));
	if (memtype_tree_count(&p->tree) != n) {
		fail("%s: %lu entries, model has %zu", when,
		     memtype_tree_count(&p->tree), n);
		return;
	}
	want = calloc(n + 1, sizeof(*want));
	got = calloc(n + 1, sizeof(*got));
	ref_snapshot(&p->model, want);
	if (memtype_tree_copy(&p->tree, 0, got, n + 1) != n)
		fail("%s: copy returned a wrong count", when);
	for (k = 0; k < n; k++) {
		if (!entry_eq(&want[k], &got[k])) {
			fail("%s: entry %zu is [%llx, %llx) mode %d, model [%llx, %llx) mode %d",
			     when, k, (unsigned long long)got[k].start,
			     (unsigned long long)got[k].end, got[k].mode,
			     (unsigned long long)want[k].start,
			     (unsigned long long)want[k].end, want[k].mode);
			break;
		}
	}
	free(want);
	free(got);
}

/* A conflict report no reserve can produce, to see what was written. */
static void met_poison(struct memtype_tree_conflict *c)
{
	memset(c, 0xa5, sizeof(*c));
}

static int met_untouched(const struct memtype_tree_conflict *c)
{
	struct memtype_tree_conflict poison;

	met_poison(&poison);
	return !memcmp(c, &poison, sizeof(*c));
}

/* Same report: mode, whether anything overlapped, and then which entry. */
static int met_eq(const struct memtype_tree_conflict *a,
		  const struct memtype_tree_conflict *b)
{
	return a->found == b->found && a->overlap == b->overlap &&
	       (!a->overlap || entry_eq(&a->holder, &b->holder));
}

/*
 * One reserve on both; returns the tree's answer, *nt the new type and
 * *met what the tree reported it met (on success and on -EBUSY).
 */
static int pair_reserve_met(struct pair *p, u64 a, u64 b, int mode,
			    int strict, const struct memtype_owner *o,
			    enum page_cache_mode *nt,
			    struct memtype_tree_conflict *met)
{
	enum page_cache_mode t1 = mode, t2 = mode;
	struct memtype_tree_conflict c1, c2;
	int r1, r2;

	met_poison(&c1);
	met_poison(&c2);
	r1 = memtype_tree_reserve(&p->tree, a, b, (enum page_cache_mode)mode,
				  strict ? NULL : &t1, o, &c1);
	r2 = ref_reserve(&p->model, a, b, (enum page_cache_mode)mode,
			 strict ? NULL : &t2, o, &c2);
	if (r1 != r2)
		fail("reserve [%llx, %llx): tree %d, model %d",
		     (unsigned long long)a, (unsigned long long)b, r1, r2);
	else if (!r1 && t1 != t2)
		fail("reserve: new type %d, model %d", t1, t2);
	else if ((!r1 || r1 == -EBUSY) && !met_eq(&c1, &c2))
		fail("reserve [%llx, %llx) (%d): report differs from the model",
		     (unsigned long long)a, (unsigned long long)b, r1);
	else if (r1 && r1 != -EBUSY && !met_untouched(&c1))
		fail("reserve [%llx, %llx): report written on %d",
		     (unsigned long long)a, (unsigned long long)b, r1);
	if (nt)
		*nt = t1;
	if (met)
		*met = c1;
	return r1;
}

static int pair_reserve(struct pair *p, u64 a, u64 b, int mode, int strict,
			const struct memtype_owner *o, enum page_cache_mode *nt)
{
	return pair_reserve_met(p, a, b, mode, strict, o, nt, NULL);
}

static int pair_free(struct pair *p, u64 a, u64 b,
		     struct memtype_tree_entry *freed)
{
	struct memtype_tree_entry e1, e2;
	int r1, r2;

	r1 = memtype_tree_free(&p->tree, a, b, &e1);
	r2 = ref_free(&p->model, a, b, &e2);
	if (r1 != r2)
		fail("free [%llx, %llx): tree %d, model %d",
		     (unsigned long long)a, (unsigned long long)b, r1, r2);
	else if (r1 >= 0 && !entry_eq(&e1, &e2))
		fail("free [%llx, %llx): freed entry differs from the model",
		     (unsigned long long)a, (unsigned long long)b);
	if (freed)
		*freed = e1;
	return r1;
}

/* an owned reserve (non-strict) on both */
static int pair_reserve_owned(struct pair *p, u64 a, u64 b, int mode,
			      const struct memtype_owner *o)
{
	enum page_cache_mode t1 = mode, t2 = mode;
	int r1, r2;

	r1 = memtype_tree_reserve_owned(&p->tree, a, b,
					(enum page_cache_mode)mode, &t1, o, NULL);
	r2 = ref_reserve_owned(&p->model, a, b, (enum page_cache_mode)mode,
			       &t2, o, NULL);
	if (r1 != r2 || (!r1 && t1 != t2))
		fail("owned reserve [%llx, %llx): tree %d/%d, model %d/%d",
		     (unsigned long long)a, (unsigned long long)b, r1, t1, r2,
		     t2);
	return r1;
}

static int pair_free_owner(struct pair *p, u64 a, u64 b,
			   const struct memtype_owner *o)
{
	struct memtype_tree_entry e1, e2;
	int r1, r2;

	r1 = memtype_tree_free_owner(&p->tree, a, b, o, &e1);
	r2 = ref_free_owner(&p->model, a, b, o, &e2);
	if (r1 != r2)
		fail("owned free [%llx, %llx): tree %d, model %d",
		     (unsigned long long)a, (unsigned long long)b, r1, r2);
	else if (!r1 && !entry_eq(&e1, &e2))
		fail("owned free [%llx, %llx): freed entry differs from the model",
		     (unsigned long long)a, (unsigned long long)b);
	return r1;
}

static int pair_lookup(struct pair *p, u64 addr)
{
	int r1 = memtype_tree_lookup(&p->tree, addr);
	int r2 = ref_lookup(&p->model, addr);

	if (r1 != r2)
		fail("lookup %llx: tree %d, model %d", (unsigned long long)addr,
		     r1, r2);
	return r1;
}

/* ---- table-driven cases -------------------------------------------------- */

struct step {
	char op;	/* r, s, f, l; 0 ends the table */
	u64 a, b;	/* range in pages, or the page for l */
	int mode;	/* requested mode */
	int owner;	/* index into owners[] for r and s */
	int ret;	/* expected return (l: mode or -ENOENT) */
	int out;	/* r: new mode; f: owner index of the freed entry */
};

#define R(a, b, m, o, ret, out)	{ 'r', a, b, m, o, ret, out }
#define S(a, b, m, o, ret)	{ 's', a, b, m, o, ret, ANY }
#define F(a, b, ret, o)		{ 'f', a, b, 0, 0, ret, o }
#define L(a, ret)		{ 'l', a, 0, 0, 0, ret, ANY }

static const struct step t_empty[] = {
	R(0, 4, WC, 1, 0, WC), L(0, WC), L(3, WC), L(4, -ENOENT),
	L(100, -ENOENT), { 0 }
};

static const struct step t_adopt[] = {
	R(0, 4, WC, 1, 0, WC), R(2, 6, UC, 2, 0, WC), L(5, WC),
	R(5, 9, WB, 3, 0, WC), { 0 }
};

static const struct step t_lowest_start[] = {
	R(4, 8, UC, 1, 0, UC), R(0, 2, WC, 1, 0, WC),
	R(1, 6, WB, 1, -EBUSY, ANY), R(4, 6, WB, 1, 0, UC),
	R(3, 5, WT, 2, 0, UC), L(3, UC), { 0 }
};

static const struct step t_disagree[] = {
	R(0, 2, WC, 1, 0, WC), R(4, 6, UC, 2, 0, UC), R(0, 8, WB, 1, -EBUSY, ANY),
	R(1, 5, WC, 1, -EBUSY, ANY), R(2, 4, WP, 3, 0, WP), L(2, WP),
	{ 0 }
};

static const struct step t_strict[] = {
	R(0, 4, WC, 1, 0, WC), S(2, 6, WC, 2, 0), S(2, 6, UC, 2, -EBUSY),
	S(8, 9, UC, 3, 0), S(3, 9, WC, 3, -EBUSY), S(0, 1, WC, 0, 0), { 0 }
};

static const struct step t_exclusive_end[] = {
	R(0, 4, WC, 1, 0, WC), S(4, 8, UC, 1, 0), L(4, UC), L(3, WC),
	R(3, 5, WB, 1, -EBUSY, ANY), { 0 }
};

static const struct step t_duplicates[] = {
	R(0, 4, WC, 1, 0, WC), R(0, 4, WC, 2, 0, WC), R(0, 4, UC, 3, 0, WC),
	F(0, 4, 0, 1), F(0, 4, 0, 2), L(0, WC), F(0, 4, 0, 3),
	F(0, 4, -EINVAL, ANY), L(0, -ENOENT), { 0 }
};

static const struct step t_shrink[] = {
	R(0, 8, UC, 1, 0, UC), F(4, 8, SHRUNK, 1), L(4, -ENOENT), L(3, UC),
	F(0, 4, 0, 1), L(0, -ENOENT), { 0 }
};

static const struct step t_shrink_lowest[] = {
	R(2, 8, UC, 1, 0, UC), R(0, 8, UC, 2, 0, UC), R(4, 8, UC, 3, 0, UC),
	F(6, 8, SHRUNK, 2), F(0, 6, 0, 2), F(5, 8, SHRUNK, 1),
	F(2, 5, 0, 1), F(4, 8, 0, 3), { 0 }
};

static const struct step t_bad_free[] = {
	R(2, 8, WB, 1, 0, WB), F(2, 6, -EINVAL, ANY), F(0, 8, -EINVAL, ANY),
	F(4, 10, -EINVAL, ANY), F(8, 10, -EINVAL, ANY), F(2, 8, 0, 1),
	F(2, 8, -EINVAL, ANY), { 0 }
};

static const struct step t_shrunk_is_new[] = {
	R(0, 8, UC, 1, 0, UC), R(0, 4, UC, 2, 0, UC), F(4, 8, SHRUNK, 1),
	F(0, 4, 0, 2), F(0, 4, 0, 1), { 0 }
};

static const struct step t_same_start_order[] = {
	R(0, 8, WC, 1, 0, WC), R(0, 2, WC, 2, 0, WC), R(0, 8, WC, 3, 0, WC),
	R(0, 4, WC, 4, 0, WC), F(4, 8, SHRUNK, 1), F(0, 4, 0, 4),
	F(0, 4, 0, 1), F(0, 8, 0, 3), F(0, 2, 0, 2), { 0 }
};

static const struct step t_invalid[] = {
	R(4, 4, WC, 1, -EINVAL, ANY), R(5, 4, WC, 1, -EINVAL, ANY),
	S(4, 4, WC, 1, -EINVAL), F(4, 4, -EINVAL, ANY), F(5, 4, -EINVAL, ANY),
	R(0, 1, 6, 1, -EINVAL, ANY), S(0, 1, 7, 1, -EINVAL), L(0, -ENOENT),
	{ 0 }
};

static const struct step t_nested[] = {
	R(0, 100, WC, 1, 0, WC), R(10, 20, WB, 2, 0, WC), R(30, 31, WC, 3, 0, WC),
	S(50, 60, UC, 1, -EBUSY), F(50, 100, SHRUNK, 1), L(60, -ENOENT),
	L(49, WC), F(25, 50, SHRUNK, 1), F(0, 25, 0, 1), L(24, -ENOENT),
	L(15, WC), S(40, 50, UC, 1, 0), F(25, 31, -EINVAL, ANY),
	F(30, 31, 0, 3), { 0 }
};

static void run_table(const struct step *steps)
{
	struct pair p;
	char when[64];
	int i;

	pair_init(&p);
	for (i = 0; steps[i].op; i++) {
		const struct step *s = &steps[i];
		u64 a = s->a << 12, b = s->b << 12;
		struct memtype_tree_entry fe;
		enum page_cache_mode nt;
		int ret;

		snprintf(when, sizeof(when), "step %d (%c)", i + 1, s->op);
		switch (s->op) {
		case 'r':
		case 's':
			ret = pair_reserve(&p, a, b, s->mode, s->op == 's',
					   &owners[s->owner], &nt);
			if (s->out != ANY && !ret && (int)nt != s->out)
				fail("%s: new type %d, expected %d", when, nt,
				     s->out);
			break;
		case 'f':
			ret = pair_free(&p, a, b, &fe);
			if (s->out != ANY && ret >= 0 &&
			    !owner_eq(&fe.owner, &owners[s->out]))
				fail("%s: freed the entry of the wrong owner",
				     when);
			break;
		default:
			ret = pair_lookup(&p, a);
			break;
		}
		if (ret != s->ret)
			fail("%s: returned %d, expected %d", when, ret, s->ret);
		pair_compare(&p, when);
	}
	pair_destroy(&p);
}

/* ---- cases a table cannot express -------------------------------------- */

static void test_subpage_lookup(void)
{
	struct pair p;

	pair_init(&p);
	pair_reserve(&p, 0x1800, 0x2000, WC, 0, &owners[1], NULL);
	if (pair_lookup(&p, 0x1000) != WC)
		fail("page below a sub-page entry not found");
	if (pair_lookup(&p, 0x2000) != -ENOENT)
		fail("page at the exclusive end found");
	pair_reserve(&p, 0x0fff, 0x1000, UC, 0, &owners[1], NULL);
	if (pair_lookup(&p, 0x0) != UC || pair_lookup(&p, 0x1000) != WC)
		fail("one-byte entry at the end of a page");
	pair_compare(&p, "sub-page");
	pair_destroy(&p);
}

static void test_top_of_space(void)
{
	const u64 top = ~0ULL;
	struct pair p;

	pair_init(&p);
	pair_reserve(&p, top - 0x1fff, top, UC, 0, &owners[2], NULL);
	pair_reserve(&p, top - 0x1fff, top, UC, 1, &owners[2], NULL);
	if (pair_lookup(&p, top - 0xfff) != UC)
		fail("lookup of the last page");
	if (pair_lookup(&p, top - 1) != UC)
		fail("lookup of the last byte in the tree");
	if (pair_lookup(&p, top) != -ENOENT)
		fail("lookup of the byte no range can hold");
	if (pair_reserve(&p, 0, top, WB, 1, &owners[1], NULL) != -EBUSY)
		fail("whole-space strict reserve should conflict");
	if (pair_free(&p, top - 0xfff, top, NULL) != SHRUNK)
		fail("shrink at the top");
	pair_compare(&p, "top");
	pair_destroy(&p);
}

static void test_conflict_report(void)
{
	struct memtype_tree_conflict c;
	struct memtype_tree tree;
	struct test_alloc ta = { .calls = 0 };
	enum page_cache_mode nt = WB;

	memtype_tree_init(&tree, &test_ops, &ta);
	memtype_tree_reserve(&tree, 0x0000, 0x4000, WC, &nt, &owners[1], NULL);
	memtype_tree_reserve(&tree, 0x8000, 0xc000, UC, &nt, &owners[2], NULL);
	nt = WT;
	if (memtype_tree_reserve(&tree, 0, 0xc000, WB, &nt, &owners[3], &c) != -EBUSY)
		fail("expected -EBUSY");
	if (nt != WT)
		fail("new_type changed on failure");
	if (c.found != WC || c.holder.start != 0x8000 || c.holder.end != 0xc000 ||
	    c.holder.mode != UC || !owner_eq(&c.holder.owner, &owners[2]))
		fail("wrong conflict report for r");
	if (memtype_tree_reserve(&tree, 0x2000, 0x3000, UC, NULL, &owners[3], &c) != -EBUSY)
		fail("expected -EBUSY for s");
	if (c.found != UC || c.holder.start != 0 || c.holder.mode != WC ||
	    !owner_eq(&c.holder.owner, &owners[1]))
		fail("wrong conflict report for s");
	if (memtype_tree_reserve(&tree, 0x2000, 0x3000, UC, NULL, NULL, NULL) != -EBUSY)
		fail("conflict without a report");
	memtype_tree_destroy(&tree);
}

/* met must be set, name [a, b) of @mode held by @o, and ask for @found. */
static void expect_met(const struct memtype_tree_conflict *met, u64 a, u64 b,
		       int mode, const struct memtype_owner *o, int found,
		       const char *what)
{
	if (!met->overlap || met->holder.start != a || met->holder.end != b ||
	    (int)met->holder.mode != mode || !owner_eq(&met->holder.owner, o) ||
	    (int)met->found != found)
		fail("%s: named [%llx, %llx) mode %d found %d%s", what,
		     (unsigned long long)met->holder.start,
		     (unsigned long long)met->holder.end, met->holder.mode,
		     met->found, met->overlap ? "" : " (no overlap)");
}

/*
 * Success names the entry whose mode was adopted (issue 11, item 8: vga
 * holds [fd800000, fe000000) UC-, fb asks WC for [fd000000, fe000000)).
 */
static void test_adopted_holder(void)
{
	static const struct memtype_owner vga = { 0xa000, "vga" },
					  fb = { 0xf000, "fb" };
	struct memtype_tree_conflict met;
	enum page_cache_mode nt;
	struct pair p;

	pair_init(&p);
	if (pair_reserve_met(&p, 0xfd800000, 0xfe000000, UCM, 0, &vga, &nt,
			     &met) || met.overlap || met.found != UCM)
		fail("first reserve: %s", met.overlap ? "met something" :
		     "wrong mode");
	if (pair_reserve_met(&p, 0xfd000000, 0xfe000000, WC, 0, &fb, &nt,
			     &met) || nt != UCM)
		fail("fb's reserve did not adopt UC-");
	expect_met(&met, 0xfd800000, 0xfe000000, UCM, &vga, UCM, "fb over vga");
	/* now both overlap a third: the lower start is named, not vga */
	pair_reserve_met(&p, 0xfd400000, 0xfd900000, WB, 0, &owners[1], &nt,
			 &met);
	expect_met(&met, 0xfd000000, 0xfe000000, UCM, &fb, UCM, "lowest start");
	/* strict success names the first overlapping entry too */
	pair_reserve_met(&p, 0xfdf00000, 0xfe000000, UCM, 1, &owners[2], NULL,
			 &met);
	expect_met(&met, 0xfd000000, 0xfe000000, UCM, &fb, UCM, "strict");

	/* equal starts: the first inserted, and a shrunk entry counts as new */
	pair_reserve_met(&p, 0x10000, 0x12000, WT, 0, &owners[1], NULL, &met);
	pair_reserve_met(&p, 0x10000, 0x11000, WC, 0, &owners[2], &nt, &met);
	expect_met(&met, 0x10000, 0x12000, WT, &owners[1], WT, "equal starts");
	pair_reserve_met(&p, 0x10000, 0x20000, WB, 0, &owners[3], &nt, &met);
	expect_met(&met, 0x10000, 0x12000, WT, &owners[1], WT, "first inserted");
	if (pair_free(&p, 0x11000, 0x12000, NULL) != SHRUNK)
		fail("shrink");
	pair_reserve_met(&p, 0x10000, 0x10800, UC, 0, &owners[4], &nt, &met);
	expect_met(&met, 0x10000, 0x11000, WT, &owners[2], WT, "after shrink");

	/* the same report on -EBUSY names the culprit */
	if (pair_reserve_met(&p, 0xfc000000, 0xfd800000, WB, 1, &owners[1],
			     NULL, &met) != -EBUSY)
		fail("strict WB over UC- succeeded");
	expect_met(&met, 0xfd000000, 0xfe000000, UCM, &fb, WB, "-EBUSY");
	/* nothing overlapping: found is the request, the holder untouched */
	met_poison(&met);
	pair_reserve_met(&p, 0x100000, 0x101000, WP, 0, &owners[1], &nt, &met);
	if (met.overlap || met.found != WP)
		fail("no overlap reported as one");
	/* -EINVAL writes nothing (pair_reserve_met checks it) */
	pair_reserve_met(&p, 0x2000, 0x1000, WC, 0, &owners[1], NULL, NULL);
	pair_compare(&p, "adopted");
	pair_destroy(&p);
}

static u64 stop_at;	/* collect() stops the walk at this start */

static int collect(const struct memtype_tree_entry *e, void *arg)
{
	struct memtype_tree_entry **pos = arg;

	*(*pos)++ = *e;
	return e->start == stop_at ? 7 : 0;
}

/* for_each must visit want[0..n) in order; stopped at stop_at if asked. */
static void check_walk(struct pair *p, const struct memtype_tree_entry *want,
		       unsigned long n, int stop)
{
	static struct memtype_tree_entry got[700];
	struct memtype_tree_entry *pos = got;
	unsigned long k, expect = n;
	int ret;

	stop_at = stop ? want[n / 2].start : ~0ULL;
	if (stop)	/* the first entry with that start ends the walk */
		for (expect = 1; want[expect - 1].start != stop_at; expect++)
			;
	ret = memtype_tree_for_each(&p->tree, collect, &pos);
	if (ret != (stop ? 7 : 0) || (unsigned long)(pos - got) != expect)
		fail("for_each returned %d after %ld entries, expected %d after %lu",
		     ret, (long)(pos - got), stop ? 7 : 0, expect);
	for (k = 0; k < (unsigned long)(pos - got) && k < expect; k++)
		if (!entry_eq(&got[k], &want[k]))
			fail("for_each entry %lu differs", k);
}

static void test_iteration(void)
{
	struct memtype_tree_entry want[700], got[700];
	unsigned long n, k, skip;
	struct pair p;

	pair_init(&p);
	srand(7);
	for (k = 0; k < 600; k++) {
		u64 a = (u64)(rand() % 400) << 12;

		pair_reserve(&p, a, a + ((u64)(1 + rand() % 3) << 12), WC,
			     rand() % 2, &owners[rand() % 5], NULL);
	}
	pair_compare(&p, "iteration");
	n = ref_snapshot(&p.model, want);
	for (skip = 0; skip <= n + 1; skip += 37) {
		unsigned long got_n = memtype_tree_copy(&p.tree, skip, got, 50);
		unsigned long exp_n = skip >= n ? 0 : (n - skip < 50 ? n - skip : 50);

		if (got_n != exp_n) {
			fail("copy(skip %lu) gave %lu entries, expected %lu",
			     skip, got_n, exp_n);
			continue;
		}
		for (k = 0; k < got_n; k++)
			if (!entry_eq(&got[k], &want[skip + k]))
				fail("copy(skip %lu) entry %lu differs", skip, k);
	}
	check_walk(&p, want, n, 0);
	check_walk(&p, want, n, 1);
	pair_destroy(&p);
}

/* Insert and free many entries in a given order: splits, merges, shifts. */
static void bulk(int order, int nr)
{
	struct pair p;
	int i, k;

	pair_init(&p);
	for (i = 0; i < nr; i++) {
		k = order == 0 ? i : order == 1 ? nr - 1 - i : (i * 7919) % nr;
		pair_reserve(&p, (u64)k << 14, ((u64)k << 14) + 0x3000,
			     k % 3, 0, &owners[k % 5], NULL);
		if (i % 97 == 0)
			pair_compare(&p, "inserting");
	}
	pair_compare(&p, "all inserted");
	for (i = 0; i < nr; i++) {
		k = order == 1 ? i : order == 0 ? nr - 1 - i : (i * 104729) % nr;
		if (i % 2)
			pair_free(&p, ((u64)k << 14) + 0x1000,
				  ((u64)k << 14) + 0x3000, NULL);
		pair_free(&p, (u64)k << 14, ((u64)k << 14) + (i % 2 ? 0x1000 : 0x3000),
			  NULL);
		if (i % 97 == 0)
			pair_compare(&p, "freeing");
	}
	pair_compare(&p, "all freed");
	if (memtype_tree_count(&p.tree))
		fail("entries left after freeing all");
	pair_destroy(&p);
}

static void test_bulk(void)
{
	bulk(0, 5000);
	bulk(1, 5000);
	bulk(2, 5003);
}

static unsigned long long rng_state;

static unsigned int rnd(unsigned int n)
{
	rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned int)(rng_state >> 33) % n;
}

/* Random operations over a small space, so that overlaps are the norm. */
static void random_ops(unsigned long long seed, int steps, unsigned int space)
{
	struct pair p;
	int i;

	rng_state = seed;
	pair_init(&p);
	for (i = 0; i < steps && failures < 5; i++) {
		u64 a = (u64)rnd(space) << 12;
		u64 b = a + ((u64)(1 + rnd(rnd(4) ? 4 : 64)) << 12);

		switch (rnd(10)) {
		case 0: case 1: case 2:
			pair_reserve(&p, a, b, rnd(6), 0, &owners[rnd(5)], NULL);
			break;
		case 3: case 4:
			pair_reserve(&p, a, b, rnd(2) ? WB : rnd(6), 1,
				     &owners[rnd(5)], NULL);
			break;
		case 5: case 6: case 7:
			if (p.model.nr && rnd(3)) {
				const struct memtype_tree_entry *e =
					&p.model.e[rnd((unsigned int)p.model.nr)];

				a = e->start;
				b = e->end;
				if (rnd(3) == 0 && b - a > 0x1000)
					a += (u64)rnd((unsigned int)((b - a) >> 12)) << 12;
			}
			pair_free(&p, a, b, NULL);
			break;
		case 8:
			if (rnd(2)) {
				pair_reserve_owned(&p, a, b, rnd(6),
						   &owners[rnd(5)]);
				break;
			}
			if (p.model.nr) {
				const struct memtype_tree_entry *e =
					&p.model.e[rnd((unsigned int)p.model.nr)];

				a = e->start;
				b = e->end;
			}
			pair_free_owner(&p, a, b, &owners[rnd(5)]);
			break;
		default:
			pair_lookup(&p, a);
			break;
		}
		if (i % 16 == 0 || p.model.nr < 64)
			pair_compare(&p, "random");
	}
	pair_compare(&p, "random end");
	pair_destroy(&p);
}

static void test_random_small(void)
{
	random_ops(1, 100000, 64);
}

static void test_random_wide(void)
{
	random_ops(2, 100000, 4096);
}

/* Copy of everything in the tree, to see that a failed call changed nothing. */
static unsigned long snap(struct memtype_tree *tree, struct memtype_tree_entry *buf)
{
	return memtype_tree_copy(tree, 0, buf, 4096);
}

static void test_enomem(void)
{
	static struct memtype_tree_entry before[4096], after[4096];
	struct memtype_tree_conflict met;
	struct memtype_owner fresh[600];
	struct pair p;
	unsigned long nb, na, k;
	int i, fail_at, err, saw_enomem = 0;

	pair_init(&p);
	for (i = 0; i < 3000 && !failures; i++) {
		u64 a = (u64)((i * 389) % 3000) << 13;
		const struct memtype_owner *o = &owners[i % 5];

		if (i % 5 == 0) {
			fresh[i / 5].caller = 0x100000UL + (unsigned long)i;
			fresh[i / 5].driver = "fresh";
			o = &fresh[i / 5];
		}
		nb = snap(&p.tree, before);
		/* Fail each allocation this reserve makes, one after another. */
		for (fail_at = 1; ; fail_at++) {
			p.ta.fail_at = p.ta.calls + fail_at;
			met_poison(&met);
			err = memtype_tree_reserve(&p.tree, a, a + 0x1000, WC,
						   NULL, o, &met);
			if (err != -ENOMEM)
				break;
			saw_enomem = 1;
			if (!met_untouched(&met))
				fail("-ENOMEM wrote the report");
			na = snap(&p.tree, after);
			if (na != nb || memtype_tree_count(&p.tree) != nb)
				fail("-ENOMEM changed the count");
			for (k = 0; k < na && k < nb; k++)
				if (!entry_eq(&before[k], &after[k]))
					fail("-ENOMEM changed entry %lu", k);
			err = memtype_tree_check(&p.tree);
			if (err)
				fail("-ENOMEM broke the tree: %s",
				     memtype_tree_check_name(err));
		}
		p.ta.fail_at = 0;
		if (err)
			fail("reserve %d failed with %d", i, err);
		ref_reserve(&p.model, a, a + 0x1000, WC, NULL, o, NULL);
	}
	if (!saw_enomem)
		fail("no allocation was ever made");
	pair_compare(&p, "after -ENOMEM");
	/* Frees never allocate: make every allocation fail. */
	p.ta.fail_all = 1;
	for (i = 0; i < 3000; i++)
		pair_free(&p, (u64)i << 13, ((u64)i << 13) + 0x1000, NULL);
	pair_compare(&p, "freed");
	pair_destroy(&p);
}

static void test_owners(void)
{
	static struct memtype_owner many[3000];
	struct memtype_tree_entry e;
	struct pair p;
	int i, anon = 0;

	pair_init(&p);
	for (i = 0; i < 3000; i++) {
		many[i].caller = 0xffffffff81000000UL + (unsigned long)i * 16;
		many[i].driver = i % 2 ? "even" : NULL;
		if (memtype_tree_reserve(&p.tree, (u64)i << 12, (u64)(i + 1) << 12,
					 UC, NULL, &many[i], NULL))
			fail("reserve %d", i);
	}
	for (i = 2999; i >= 0; i--) {
		if (memtype_tree_free(&p.tree, (u64)i << 12, (u64)(i + 1) << 12, &e)) {
			fail("free %d", i);
			continue;
		}
		if (owner_eq(&e.owner, &owners[0]))
			anon++;
		else if (!owner_eq(&e.owner, &many[i]))
			fail("owner of entry %d is wrong", i);
	}
	/* The table holds 2680 owners; the rest are recorded anonymously. */
	if (anon != 3000 - 2680)
		fail("%d anonymous owners, expected %d", anon, 3000 - 2680);
	pair_destroy(&p);
}

/*
 * An owned entry is freed by its owner only, and an owned free takes its
 * own entry of the range and no other: not the first-inserted one of
 * another owner, not a shrink; a refused free changes nothing.  A plain
 * free passes owned entries over.
 */
static void test_free_owner(void)
{
	const struct memtype_owner *drm = &owners[1], *sh = &owners[3];
	struct pair p;

	pair_init(&p);
	pair_reserve(&p, 0x10000, 0x20000, WC, 0, drm, NULL);
	pair_reserve_owned(&p, 0x10000, 0x20000, WC, sh);
	pair_reserve_owned(&p, 0x08000, 0x20000, WC, sh);
	if (pair_free_owner(&p, 0x10000, 0x20000, sh) != 0)
		fail("the shell's own entry was not freed");
	pair_compare(&p, "own entry freed");
	if (p.model.nr != 2 || !owner_eq(&p.model.e[0].owner, drm))
		fail("the driver's entry went instead of the shell's");
	if (pair_free_owner(&p, 0x10000, 0x20000, sh) != -EINVAL)
		fail("a second free of the shell's entry was accepted");
	if (pair_free_owner(&p, 0x18000, 0x20000, sh) != -EINVAL)
		fail("an owned free shrank an entry");
	if (pair_free_owner(&p, 0x10000, 0x20000, NULL) != -EINVAL)
		fail("an anonymous free took an owned entry");
	pair_compare(&p, "refused frees");
	if (p.model.nr != 2)
		fail("a refused owned free changed the tree");
	/* a plain free takes the driver's entry, never shrinks the owned one */
	if (pair_free(&p, 0x10000, 0x20000, NULL) != 0 ||
	    pair_free(&p, 0x10000, 0x20000, NULL) != -EINVAL)
		fail("a plain free did not pass the owned entry over");
	pair_reserve_owned(&p, 0x10000, 0x20000, UC, sh);
	if (pair_free(&p, 0x10000, 0x20000, NULL) != -EINVAL)
		fail("a plain free took an owned entry");
	if (pair_free_owner(&p, 0x10000, 0x20000, sh) != 0 ||
	    pair_free_owner(&p, 0x08000, 0x20000, sh) != 0)
		fail("the shell could not free its entries");
	pair_reserve(&p, 0x1000, 0x2000, UC, 1, NULL, NULL);
	if (pair_free_owner(&p, 0x1000, 0x2000, sh) != -EINVAL ||
	    pair_free_owner(&p, 0x1000, 0x2000, NULL) != 0)
		fail("an anonymous entry is freed only anonymously");
	pair_compare(&p, "all freed");
	if (p.model.nr)
		fail("%zu entries left", p.model.nr);
	pair_destroy(&p);
}

static void test_check_catches(void)
{
	struct pair p;
	int i;

	pair_init(&p);
	for (i = 0; i < 100; i++)
		pair_reserve(&p, (u64)i << 12, (u64)(i + 2) << 12, WC, 0,
			     &owners[1], NULL);
	p.tree.count++;
	if (memtype_tree_check(&p.tree) != -MEMTYPE_TREE_BAD_COUNT)
		fail("a wrong count went unnoticed");
	p.tree.count--;
	p.tree.height++;
	if (memtype_tree_check(&p.tree) == 0)
		fail("a wrong height went unnoticed");
	p.tree.height--;
	if (memtype_tree_check(&p.tree))
		fail("a sound tree was reported broken");
	if (strcmp(memtype_tree_check_name(-MEMTYPE_TREE_BAD_OVERLAP),
		   "overlapping entries differ in mode") ||
	    strcmp(memtype_tree_check_name(5), "unknown"))
		fail("check names");
	pair_destroy(&p);
}

static void test_alloc_class(void)
{
	static const size_t in[] = { 1, 8, 9, 56, 64, 65, 96, 97, 192, 193,
				     504, 512, 513, 3072, 4096, 4097, 9000 };
	static const size_t out[] = { 8, 8, 16, 64, 64, 96, 96, 128, 192, 256,
				      512, 512, 1024, 4096, 4096, 8192, 16384 };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(in); i++)
		if (memtype_tree_alloc_class(in[i]) != out[i])
			fail("class of %zu is %zu, expected %zu", in[i],
			     memtype_tree_alloc_class(in[i]), out[i]);
}

static struct test_alloc static_ta;
static struct memtype_tree static_tree = MEMTYPE_TREE_INIT(&test_ops, &static_ta);

static void test_empty_tree(void)
{
	struct memtype_tree tree;
	struct test_alloc ta = { .calls = 0 };
	struct memtype_tree_entry e;
	enum page_cache_mode nt;

	/* A statically initialised tree works without memtype_tree_init(). */
	if (memtype_tree_check(&static_tree) ||
	    memtype_tree_reserve(&static_tree, 0, 0x1000, WC, &nt, NULL, NULL) ||
	    memtype_tree_lookup(&static_tree, 0) != WC ||
	    memtype_tree_free(&static_tree, 0, 0x1000, NULL))
		fail("static initialiser");
	memtype_tree_destroy(&static_tree);
	if (static_ta.live)
		fail("static tree leaked");

	memtype_tree_init(&tree, &test_ops, &ta);
	if (memtype_tree_check(&tree) || memtype_tree_count(&tree) ||
	    memtype_tree_lookup(&tree, 0) != -ENOENT ||
	    memtype_tree_free(&tree, 0, 0x1000, &e) != -EINVAL ||
	    memtype_tree_copy(&tree, 0, &e, 1) != 0 || ta.calls)
		fail("empty tree misbehaves");
	memtype_tree_destroy(&tree);
	memtype_tree_destroy(&tree);
	if (ta.live)
		fail("destroy of an empty tree");
}

struct tcase {
	const char *name;
	const struct step *steps;
	void (*fn)(void);
};

static const struct tcase cases[] = {
	{ "reserve into an empty tree", t_empty, NULL },
	{ "r adopts the mode of an overlapping entry", t_adopt, NULL },
	{ "r takes the mode of the lowest start", t_lowest_start, NULL },
	{ "r fails when overlapping entries disagree", t_disagree, NULL },
	{ "s needs exactly its mode", t_strict, NULL },
	{ "end is exclusive", t_exclusive_end, NULL },
	{ "duplicates need one free each, first in first out", t_duplicates, NULL },
	{ "f shrinks an entry with the same end", t_shrink, NULL },
	{ "f shrinks the lowest start", t_shrink_lowest, NULL },
	{ "f needs an exact match or a same-end entry below", t_bad_free, NULL },
	{ "a shrunk entry counts as newly inserted", t_shrunk_is_new, NULL },
	{ "equal starts keep insertion order", t_same_start_order, NULL },
	{ "empty ranges and bad modes are -EINVAL", t_invalid, NULL },
	{ "nested ranges", t_nested, NULL },
	{ "lookup covers the whole page", NULL, test_subpage_lookup },
	{ "top of the address space", NULL, test_top_of_space },
	{ "conflict names the holder", NULL, test_conflict_report },
	{ "success names the entry whose mode was adopted", NULL,
	  test_adopted_holder },
	{ "iteration in start order, copy with skip", NULL, test_iteration },
	{ "bulk insert and free (splits and merges)", NULL, test_bulk },
	{ "random operations, small space", NULL, test_random_small },
	{ "random operations, wide space", NULL, test_random_wide },
	{ "-ENOMEM leaves the tree unchanged", NULL, test_enomem },
	{ "owners are kept per entry", NULL, test_owners },
	{ "owned entries: freed by their owner alone", NULL,
	  test_free_owner },
	{ "check notices broken invariants", NULL, test_check_catches },
	{ "allocation size classes", NULL, test_alloc_class },
	{ "empty tree", NULL, test_empty_tree },
};

int main(void)
{
	int passed = 0, failed = 0;
	size_t i;

	printf("KTAP version 1\n1..%zu\n", ARRAY_SIZE(cases));
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		failures = 0;
		if (cases[i].steps)
			run_table(cases[i].steps);
		else
			cases[i].fn();
		printf("%sok %zu - %s\n", failures ? "not " : "", i + 1,
		       cases[i].name);
		if (failures)
			failed++;
		else
			passed++;
		fflush(stdout);
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
