// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for ram_model.c, the RAM side of memtype-logcheck: the runs
 * against a page-by-page array that states the rules literally, plus what
 * an array cannot hold (the count limit, ranges of the whole address
 * space, the top page).
 *
 * Output: "ok N - name" / "not ok N - name", then "N passed, N failed";
 * the exit status is non-zero when a case failed.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <linux/compiler.h>
#include "ram_model.h"

#define WB	_PAGE_CACHE_MODE_WB
#define WC	_PAGE_CACHE_MODE_WC
#define UCM	_PAGE_CACHE_MODE_UC_MINUS
#define UC	_PAGE_CACHE_MODE_UC
#define PG	RAM_MODEL_PAGE
#define TOP	(~0ULL - PG + 1)	/* the last page, which no range can end */
#define NPAGES	64

static int failures;

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

/* NPAGES pages from @base, one count and one mode each: the rules as stated */
struct naive {
	u64 base;
	unsigned int refs[NPAGES];
	enum page_cache_mode mode[NPAGES];
};

static int naive_reserve(struct naive *n, unsigned int a, unsigned int b,
			 enum page_cache_mode mode)
{
	unsigned int p;

	for (p = a; p < b; p++)
		if (n->refs[p] && n->mode[p] != mode)
			return -EBUSY;
	for (p = a; p < b; p++)
		if (n->refs[p] == RAM_MODEL_MAX_REFS)
			return -ENOSPC;
	for (p = a; p < b; p++) {
		n->refs[p]++;
		n->mode[p] = mode;
	}
	return 0;
}

static int naive_release(struct naive *n, unsigned int a, unsigned int b)
{
	unsigned int p;

	for (p = a; p < b; p++)
		if (!n->refs[p])
			return -EINVAL;
	for (p = a; p < b; p++)
		if (!--n->refs[p])
			n->mode[p] = WB;
	return 0;
}

/* Every page of the window, the pages on either side, and the invariants. */
static void compare(const struct ram_model *m, const struct naive *n,
		    const char *when)
{
	u64 pages = 0;
	unsigned int p;
	size_t bad = ram_model_check(m);

	if (bad)
		fail("%s: run %zu breaks the rules", when, bad - 1);
	for (p = 0; p < NPAGES; p++) {
		u64 addr = n->base + p * PG;

		pages += n->refs[p] > 0;
		if (ram_model_refs(m, addr) != n->refs[p] ||
		    ram_model_lookup(m, addr + PG / 2) !=
		    (n->refs[p] ? n->mode[p] : WB)) {
			fail("%s: page %llx has %u refs, mode %d; want %u, %d",
			     when, (unsigned long long)addr,
			     ram_model_refs(m, addr), ram_model_lookup(m, addr),
			     n->refs[p], n->mode[p]);
			return;
		}
	}
	if (ram_model_pages(m) != pages)
		fail("%s: %llu pages reserved, want %llu", when,
		     (unsigned long long)ram_model_pages(m),
		     (unsigned long long)pages);
	if ((n->base && ram_model_refs(m, n->base - PG)) ||
	    ram_model_refs(m, n->base + NPAGES * PG))
		fail("%s: a page outside the window is reserved", when);
}

static unsigned long long rng_state;

static unsigned int rnd(unsigned int n)
{
	rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned int)(rng_state >> 33) % n;
}

/* Random reserves, releases and lookups, checked page by page. */
static void random_ops(u64 base, unsigned long long seed, int steps)
{
	static const enum page_cache_mode modes[] = { WB, WC, UCM, UC };
	struct naive n = { .base = base };
	struct ram_model m;
	char when[64];
	int i, r1, r2;

	rng_state = seed;
	ram_model_init(&m);
	for (i = 0; i < steps && failures < 5; i++) {
		unsigned int a = rnd(NPAGES);
		unsigned int b = a + 1 + rnd(rnd(4) ? 4 : NPAGES);
		enum page_cache_mode mode = modes[rnd(rnd(4) ? 2 : 4)];

		if (b > NPAGES)
			b = NPAGES;
		snprintf(when, sizeof(when), "step %d", i);
		if (rnd(2)) {
			r1 = ram_model_reserve(&m, base + a * PG, base + b * PG,
					       mode);
			r2 = naive_reserve(&n, a, b, mode);
		} else {
			r1 = ram_model_release(&m, base + a * PG,
					       base + b * PG);
			r2 = naive_release(&n, a, b);
		}
		if (r1 != r2)
			fail("%s: pages %u..%u: %d, want %d", when, a, b, r1,
			     r2);
		compare(&m, &n, when);
	}
	ram_model_destroy(&m);
}

static void test_random_low(void)
{
	random_ops(0, 1, 50000);
}

static void test_random_top(void)
{
	random_ops(TOP - NPAGES * PG, 2, 50000);
}

static void test_random_middle(void)
{
	random_ops(0x123456789000ULL, 3, 50000);
}

/* A page takes RAM_MODEL_MAX_REFS references, then -ENOSPC. */
static void test_count_limit(void)
{
	struct naive n = { .base = 0x100000 };
	struct ram_model m;
	int i, err = 0;

	ram_model_init(&m);
	for (i = 0; i < RAM_MODEL_MAX_REFS && !err; i++)
		err = ram_model_reserve(&m, 0x100000, 0x101000, WC);
	if (err)
		fail("reserve %d failed with %d", i, err);
	n.refs[0] = RAM_MODEL_MAX_REFS;
	n.mode[0] = WC;
	if (ram_model_reserve(&m, 0x100000, 0x101000, WC) != -ENOSPC ||
	    ram_model_reserve(&m, 0xff000, 0x102000, WC) != -ENOSPC)
		fail("a full count took one more");
	compare(&m, &n, "full");
	/* a mode conflict anywhere in the range wins over a full count */
	if (ram_model_reserve(&m, 0x101000, 0x102000, UC))
		fail("reserve of the next page failed");
	n.refs[1] = 1;
	n.mode[1] = UC;
	if (ram_model_reserve(&m, 0x100000, 0x102000, WC) != -EBUSY)
		fail("full page then a conflicting one is not -EBUSY");
	compare(&m, &n, "full and conflict");
	if (ram_model_release(&m, 0x101000, 0x102000))
		fail("release of the next page");
	n.refs[1] = 0;
	n.mode[1] = WB;
	for (i = 0; i < RAM_MODEL_MAX_REFS && !err; i++)
		err = ram_model_release(&m, 0x100000, 0x101000);
	if (err || ram_model_release(&m, 0x100000, 0x101000) != -EINVAL)
		fail("%d releases did not end at exactly the count", i);
	n.refs[0] = 0;
	n.mode[0] = WB;
	compare(&m, &n, "all released");
	if (m.nr)
		fail("%zu runs left", m.nr);
	ram_model_destroy(&m);
}

/* Ranges as wide as the address space cost one run, not 2^52 pages. */
static void test_huge(void)
{
	struct ram_model m;

	ram_model_init(&m);
	if (ram_model_reserve(&m, 0, TOP, WC) || m.nr != 1 ||
	    ram_model_pages(&m) != TOP / PG)
		fail("reserve of everything below the top page");
	if (ram_model_lookup(&m, 0x7654321000ULL) != WC ||
	    ram_model_lookup(&m, TOP - 1) != WC ||
	    ram_model_lookup(&m, TOP) != WB || ram_model_refs(&m, TOP))
		fail("lookup in the huge range");
	if (ram_model_reserve(&m, TOP - PG, TOP, UC) != -EBUSY)
		fail("conflict at the end of the huge range");
	if (ram_model_release(&m, 0x5000, 0x7000) || m.nr != 2)
		fail("release of a hole");
	if (ram_model_release(&m, 0, TOP) != -EINVAL || m.nr != 2 ||
	    ram_model_pages(&m) != TOP / PG - 2)
		fail("release across the hole changed something");
	if (ram_model_reserve(&m, 0x5000, 0x7000, UC) || m.nr != 3 ||
	    ram_model_lookup(&m, 0x6000) != UC)
		fail("reserve of the hole with another mode");
	if (ram_model_release(&m, 0x5000, 0x7000) ||
	    ram_model_reserve(&m, 0x5000, 0x7000, WC) || m.nr != 1)
		fail("refilling the hole did not merge back into one run");
	if (ram_model_release(&m, 0, TOP) || m.nr || ram_model_pages(&m))
		fail("release of everything");
	if (ram_model_check(&m))
		fail("runs break the rules");
	ram_model_destroy(&m);
}

/* Bad ranges and modes are -EINVAL and change nothing. */
static void test_bad_input(void)
{
	struct naive n = { .base = 0 };
	struct ram_model m;

	ram_model_init(&m);
	if (ram_model_reserve(&m, 0x2000, 0x4000, WC))
		fail("reserve");
	n.refs[2] = n.refs[3] = 1;
	n.mode[2] = n.mode[3] = WC;
	if (ram_model_reserve(&m, 0x3000, 0x3000, WC) != -EINVAL ||
	    ram_model_reserve(&m, 0x4000, 0x3000, WC) != -EINVAL ||
	    ram_model_reserve(&m, 0x2800, 0x4000, WC) != -EINVAL ||
	    ram_model_reserve(&m, 0x2000, 0x3800, WC) != -EINVAL ||
	    ram_model_reserve(&m, 0x2000, 0x3000, 6) != -EINVAL ||
	    ram_model_release(&m, 0x3000, 0x2000) != -EINVAL ||
	    ram_model_release(&m, 0x2000, 0x2800) != -EINVAL ||
	    ram_model_release(&m, 0x1000, 0x3000) != -EINVAL ||
	    ram_model_release(&m, 0x3000, 0x5000) != -EINVAL)
		fail("bad input accepted");
	compare(&m, &n, "after bad input");
	ram_model_destroy(&m);
}

struct tcase {
	const char *name;
	void (*fn)(void);
};

static const struct tcase cases[] = {
	{ "random operations at address 0", test_random_low },
	{ "random operations below the top page", test_random_top },
	{ "random operations above 4 GiB", test_random_middle },
	{ "65535 references, then -ENOSPC; -EBUSY first", test_count_limit },
	{ "ranges of the whole address space", test_huge },
	{ "bad ranges and modes change nothing", test_bad_input },
};

int main(void)
{
	int passed = 0, failed = 0;
	size_t i;

	printf("KTAP version 1\n1..%zu\n", ARRAY_SIZE(cases));
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		failures = 0;
		cases[i].fn();
		printf("%sok %zu - ram model: %s\n", failures ? "not " : "",
		       i + 1, cases[i].name);
		if (failures)
			failed++;
		else
			passed++;
		fflush(stdout);
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
