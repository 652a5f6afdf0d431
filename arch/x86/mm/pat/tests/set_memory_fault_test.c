// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite pat_set_memory_faults: set_memory_* never leaves a page
 * reserved as one mode and mapped as another.
 *
 *  - Every form (set_memory_uc/wc/wt/wb, set_pages_uc/wb,
 *    set_memory_array_uc/wc/wb) with an allocation failure injected at
 *    each of its allocation points in turn: each failure returns -ENOMEM
 *    and leaves reservations, PTEs, DirectMap counters and free pages
 *    exactly as they were; the number of points is what the page tables
 *    say the change must split.
 *  - The two orders a review reproduced against the old code, replayed:
 *    a set_memory_wb() whose split finds no page-table page (it used to
 *    warn and return 0 with the reservation gone), and a set_memory_uc()
 *    on another CPU inside set_memory_wb() between the reservation and
 *    the remap (it used to leave the page reserved UC- but mapped WB).
 *  - Every CPU at once reserving and releasing the same pages.
 */
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/mm.h>
#include <linux/printk.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/time.h>
#include <asm/page.h>
#include <asm/pat.h>
#include <asm/pat_verify.h>
#include <asm/pgtable.h>
#include <asm/pgtable_txn.h>
#include <asm/set_memory.h>
#include "../memtype.h"

#define SM_MAX_PAGES	8

/* what a failed call must leave exactly as it found it */
struct sm_state {
	unsigned long direct[PG_LEVEL_NUM];
	unsigned long free;		/* free + page-table pages */
	struct {
		pteval_t pte;
		enum pg_level level;
		u16 refs;
		enum page_cache_mode mode;
	} pg[SM_MAX_PAGES];
};

/* one call under test: the pages it touches and how to make it */
struct sm_case {
	unsigned long page[SM_MAX_PAGES];	/* every page it may change */
	unsigned int nr;
	unsigned long arr[SM_MAX_PAGES];	/* for the array forms */
	int (*call)(struct sm_case *c);
	unsigned long va;
	int pages;
	int (*set)(unsigned long, int);
	int (*set_pages)(struct page *, int);
	int (*set_array)(unsigned long *, int);
};

static void sm_snap(const struct sm_case *c, struct sm_state *s)
{
	unsigned int i;

	memcpy(s->direct, direct_pages_count, sizeof(s->direct));
	s->free = nr_free_pages() + pgtable_nr_buddy;
	for (i = 0; i < c->nr; i++) {
		struct page *pg = virt_to_page((void *)c->page[i]);

		s->pg[i].pte = pt_read_entry(c->page[i], &s->pg[i].level);
		s->pg[i].refs = pg->memtype_refs;
		s->pg[i].mode = lookup_memtype(__pa((void *)c->page[i]));
	}
}

static bool sm_same(const struct sm_case *c,
		    const struct sm_state *a, const struct sm_state *b)
{
	unsigned int i;
	bool same = !memcmp(a->direct, b->direct, sizeof(a->direct)) &&
		    a->free == b->free;

	for (i = 0; i < c->nr; i++)
		same &= a->pg[i].pte == b->pg[i].pte &&
			a->pg[i].level == b->pg[i].level &&
			a->pg[i].refs == b->pg[i].refs &&
			a->pg[i].mode == b->pg[i].mode;
	return same;
}

/*
 * Fail the k-th allocation for k = 0, 1, ... until the call succeeds.
 * Returns the number of allocation points met, each one checked.
 */
static unsigned int sm_inject_each(struct ktest *t, struct sm_case *c)
{
	struct sm_state before, after;
	unsigned int k;
	int err;

	for (k = 0; k < 16; k++) {
		sm_snap(c, &before);
		fail_page_alloc_after(k);
		err = c->call(c);
		fail_page_alloc_after(-1);
		if (!err)
			return k;
		KTEST_EXPECT_EQ(t, err, -ENOMEM);
		sm_snap(c, &after);
		if (!sm_same(c, &before, &after))
			ktest_fail(t, __FILE__, __LINE__,
				   "failure at allocation point %u changed something",
				   k);
		if (t->failed)
			return k;
	}
	ktest_fail(t, __FILE__, __LINE__, "no success after 16 failures");
	return k;
}

static int sm_call_set(struct sm_case *c)
{
	return c->set(c->va, c->pages);
}

static int sm_call_set_pages(struct sm_case *c)
{
	return c->set_pages(virt_to_page((void *)c->va), c->pages);
}

static int sm_call_array(struct sm_case *c)
{
	return c->set_array(c->arr, c->nr);
}

/* the tables a change of one page inside the leaf at @va must split */
static unsigned int sm_splits_for(unsigned long va)
{
	enum pg_level level;

	pt_read_entry(va, &level);
	return level == PG_LEVEL_1G ? 2 : level == PG_LEVEL_2M ? 1 : 0;
}

/* 2 MiB of free RAM, 2 MiB aligned */
static unsigned long sm_block(void)
{
	return __get_free_pages(GFP_KERNEL, 9);
}

static unsigned int sm_points_covered;

static void sm_expect_clean(struct ktest *t, unsigned long va, int pages)
{
	int i;

	for (i = 0; i < pages; i++)
		KTEST_EXPECT_EQ(t, lookup_memtype(__pa((void *)(va + i * PAGE_SIZE))),
				_PAGE_CACHE_MODE_WB);
	ktest_expect_no_alias(t);
}

/* set_memory_uc/wc/wt() and set_pages_uc() of pages inside a large leaf */
static void sm_reserve_form(struct ktest *t, int (*set)(unsigned long, int),
			    int (*set_pages)(struct page *, int), int pages,
			    enum page_cache_mode mode)
{
	unsigned long block = sm_block(), before[PG_LEVEL_NUM];
	struct sm_case c = { .pages = pages, .set = set,
			     .set_pages = set_pages };
	unsigned int want, got;
	int i;

	KTEST_ASSERT_TRUE(t, block != 0);
	memcpy(before, direct_pages_count, sizeof(before));
	c.va = block + 3 * PAGE_SIZE;
	c.call = set ? sm_call_set : sm_call_set_pages;
	for (i = 0; i < pages; i++)
		c.page[c.nr++] = c.va + i * PAGE_SIZE;
	want = sm_splits_for(c.va);
	got = sm_inject_each(t, &c);
	KTEST_EXPECT_EQ(t, got, want);
	sm_points_covered += got;
	/* counted with PAT off too, as the mode the PTE bits give */
	KTEST_EXPECT_EQ(t, lookup_memtype(__pa((void *)c.va)),
			pgprot2cachemode(cachemode2protval(mode)));
	KTEST_EXPECT_EQ(t, set_memory_wb(c.va, pages), 0);
	KTEST_EXPECT_EQ(t, memcmp(before, direct_pages_count, sizeof(before)),
			0);
	sm_expect_clean(t, block, 512);
	free_pages(block, 9);
}

static void sm_test_set_memory_uc(struct ktest *t)
{
	sm_reserve_form(t, set_memory_uc, NULL, 1, _PAGE_CACHE_MODE_UC_MINUS);
}

static void sm_test_set_memory_wc(struct ktest *t)
{
	sm_reserve_form(t, set_memory_wc, NULL, 2, _PAGE_CACHE_MODE_WC);
}

static void sm_test_set_memory_wt(struct ktest *t)
{
	sm_reserve_form(t, set_memory_wt, NULL, 3, _PAGE_CACHE_MODE_WT);
}

static void sm_test_set_pages_uc(struct ktest *t)
{
	sm_reserve_form(t, NULL, set_pages_uc, 1, _PAGE_CACHE_MODE_UC_MINUS);
}

/*
 * A release that must split: the whole 2 MiB block was made UC- (one UC-
 * 2M leaf), and giving back one page of it splits that leaf.  The
 * review's item 3: with the allocation failing, the old code warned and
 * returned 0 with the reservation gone ("reserved write-back but mapped
 * uncached-minus").
 */
static void sm_release_form(struct ktest *t, int (*set)(unsigned long, int),
			    int (*set_pages)(struct page *, int))
{
	unsigned long block = sm_block();
	struct sm_case c = { .pages = 1, .set = set, .set_pages = set_pages };
	enum pg_level level;
	unsigned int got;

	KTEST_ASSERT_TRUE(t, block != 0);
	KTEST_ASSERT_TRUE(t, !set_memory_uc(block, 512));
	pt_read_entry(block, &level);
	KTEST_ASSERT_TRUE(t, level == PG_LEVEL_2M);
	c.va = block + 5 * PAGE_SIZE;
	c.call = set ? sm_call_set : sm_call_set_pages;
	c.page[c.nr++] = c.va;
	c.page[c.nr++] = block;
	got = sm_inject_each(t, &c);
	KTEST_EXPECT_EQ(t, got, 1);
	sm_points_covered += got;
	KTEST_EXPECT_EQ(t, lookup_memtype(__pa((void *)c.va)),
			_PAGE_CACHE_MODE_WB);
	KTEST_EXPECT_EQ(t, lookup_memtype(__pa((void *)block)),
			_PAGE_CACHE_MODE_UC_MINUS);
	ktest_expect_no_alias(t);
	KTEST_EXPECT_EQ(t, set_memory_wb(block, 5), 0);
	KTEST_EXPECT_EQ(t, set_memory_wb(block + 6 * PAGE_SIZE, 506), 0);
	sm_expect_clean(t, block, 512);
	free_pages(block, 9);
}

static void sm_test_set_memory_wb(struct ktest *t)
{
	sm_release_form(t, set_memory_wb, NULL);
}

static void sm_test_set_pages_wb(struct ktest *t)
{
	sm_release_form(t, NULL, set_pages_wb);
}

/* three pages in three blocks, one transaction */
static void sm_array_form(struct ktest *t, int (*set_array)(unsigned long *, int),
			  bool release)
{
	unsigned long block[3];
	struct sm_case c = { .set_array = set_array, .call = sm_call_array };
	unsigned int i, want = 0, got;

	for (i = 0; i < 3; i++) {
		block[i] = sm_block();
		KTEST_ASSERT_TRUE(t, block[i] != 0);
	}
	for (i = 0; i < 3; i++) {
		if (release)
			KTEST_ASSERT_TRUE(t, !set_memory_uc(block[i], 512));
		c.arr[i] = block[i] + (7 + i) * PAGE_SIZE;
		c.page[c.nr++] = c.arr[i];
		want += release ? 1 : sm_splits_for(c.arr[i]);
	}
	got = sm_inject_each(t, &c);
	KTEST_EXPECT_EQ(t, got, want);
	sm_points_covered += got;
	for (i = 0; i < 3 && release; i++) {
		KTEST_EXPECT_EQ(t, set_memory_wb(block[i], 7 + i), 0);
		KTEST_EXPECT_EQ(t, set_memory_wb(block[i] + (8 + i) * PAGE_SIZE,
						 504 - i), 0);
	}
	if (!release)
		KTEST_EXPECT_EQ(t, set_memory_array_wb(c.arr, 3), 0);
	for (i = 0; i < 3; i++)
		sm_expect_clean(t, block[i], 512);
	for (i = 0; i < 3; i++)
		free_pages(block[i], 9);
}

static void sm_test_array_uc(struct ktest *t)
{
	sm_array_form(t, set_memory_array_uc, false);
}

static void sm_test_array_wc(struct ktest *t)
{
	sm_array_form(t, set_memory_array_wc, false);
}

static void sm_test_array_wb(struct ktest *t)
{
	sm_array_form(t, set_memory_array_wb, true);
	ktest_printf(t, "allocation points covered by the suite: %u",
		     sm_points_covered);
}

/* --- the review's item 2: another CPU inside set_memory_wb()'s change --- */

struct sm_window {
	unsigned long va;
	unsigned int cpu;
	volatile int done;
	int err;
	bool finished_inside;
};

static struct sm_window sm_win;

static void sm_other_cpu_uc(void *arg)
{
	struct sm_window *w = arg;

	w->err = set_memory_uc(w->va, 1);
	__atomic_store_n(&w->done, 1, __ATOMIC_RELEASE);
}

/*
 * Called by memtype_ram_change() after the reservations changed and
 * before the direct map follows: start a set_memory_uc() of the same page
 * on another CPU and give it 50 ms to finish.  It must not: the window is
 * one page-table transaction, which the other CPU waits for.
 */
static void sm_in_window(void)
{
	struct sm_window *w = &sm_win;
	u64 deadline;

	memtype_ram_test_window = NULL;
	if (smp_run_async(w->cpu, sm_other_cpu_uc, w))
		return;
	deadline = local_clock() + 50 * NSEC_PER_MSEC;
	while (local_clock() < deadline &&
	       !__atomic_load_n(&w->done, __ATOMIC_ACQUIRE))
		cpu_relax();
	w->finished_inside = __atomic_load_n(&w->done, __ATOMIC_ACQUIRE);
}

static void sm_test_wb_window_replay(struct ktest *t)
{
	unsigned long va = get_zeroed_page(GFP_KERNEL);
	struct sm_window *w = &sm_win;
	unsigned int cpu;

	KTEST_ASSERT_TRUE(t, va != 0);
	if (num_online_cpus() < 2) {
		ktest_skip(t, "needs 2 CPUs");
		free_page(va);
		return;
	}
	*w = (struct sm_window){ .va = va };
	for_each_online_cpu(cpu)
		if (cpu != smp_processor_id())
			w->cpu = cpu;
	KTEST_ASSERT_TRUE(t, !set_memory_uc(va, 1));
	memtype_ram_test_window = sm_in_window;
	KTEST_EXPECT_EQ(t, set_memory_wb(va, 1), 0);
	memtype_ram_test_window = NULL;
	smp_wait_async(w->cpu);
	KTEST_EXPECT_FALSE(t, w->finished_inside);
	KTEST_EXPECT_EQ(t, w->err, 0);
	/* the other CPU's reservation came after: UC- and mapped UC- */
	KTEST_EXPECT_EQ(t, lookup_memtype(__pa((void *)va)),
			_PAGE_CACHE_MODE_UC_MINUS);
	ktest_expect_no_alias(t);
	KTEST_EXPECT_EQ(t, set_memory_wb(va, 1), 0);
	sm_expect_clean(t, va, 1);
	free_page(va);
}

/* --- every CPU at once on the same pages ------------------------------- */

#define SM_SHARED	8

struct sm_hammer {
	unsigned long va;
	u64 deadline, give_up;
	bool want_busy;		/* run on until some CPU was refused */
	unsigned long ok[NR_CPUS], busy[NR_CPUS], bad[NR_CPUS];
};

/*
 * A second of wall time, and on past it until two CPUs have collided
 * when a collision is expected: on a loaded host a vCPU may get little
 * of that second, and the test is about overlap, not speed.
 */
static bool sm_hammer_done(const struct sm_hammer *h)
{
	u64 now = local_clock();
	unsigned int cpu;

	if (now < h->deadline)
		return false;
	if (!h->want_busy || now >= h->give_up)
		return true;
	for_each_online_cpu(cpu)
		if (READ_ONCE(h->busy[cpu]))
			return true;
	return false;
}

static void sm_hammer_fn(void *arg)
{
	struct sm_hammer *h = arg;
	unsigned int cpu = smp_processor_id();
	u64 r = 0x9e3779b97f4a7c15ULL * (cpu + 1);
	int err;

	while (!sm_hammer_done(h)) {
		unsigned int first, n;
		int (*set)(unsigned long, int);

		r ^= r << 13;
		r ^= r >> 7;
		r ^= r << 17;
		first = r % SM_SHARED;
		n = 1 + (r >> 8) % (SM_SHARED - first);
		set = (r >> 16) & 1 ? set_memory_uc : set_memory_wc;
		err = set(h->va + first * PAGE_SIZE, n);
		if (err == -EBUSY) {
			h->busy[cpu]++;
			continue;
		}
		if (err || set_memory_wb(h->va + first * PAGE_SIZE, n))
			h->bad[cpu]++;
		else
			h->ok[cpu]++;
	}
}

static void sm_test_all_cpus_same_pages(struct ktest *t)
{
	static struct sm_hammer h;
	unsigned long va = __get_free_pages(GFP_KERNEL, 3);
	unsigned long before[PG_LEVEL_NUM], ok = 0, busy = 0;
	unsigned int cpu, me = smp_processor_id();
	int saved = console_loglevel;

	KTEST_ASSERT_TRUE(t, va != 0);
	memset(&h, 0, sizeof(h));
	h.va = va;
	h.deadline = local_clock() + NSEC_PER_SEC;
	h.give_up = h.deadline + 60 * NSEC_PER_SEC;
	/* without PAT, UC- and WC are the same PTE bits: nothing to refuse */
	h.want_busy = num_online_cpus() > 1 && pat_enabled();
	memcpy(before, direct_pages_count, sizeof(before));
	console_loglevel = 1;	/* the conflicts are the point */
	for_each_online_cpu(cpu)
		if (cpu != me)
			smp_run_async(cpu, sm_hammer_fn, &h);
	sm_hammer_fn(&h);
	for_each_online_cpu(cpu)
		if (cpu != me)
			smp_wait_async(cpu);
	console_loglevel = saved;
	for_each_online_cpu(cpu) {
		KTEST_EXPECT_EQ(t, h.bad[cpu], 0);
		ok += h.ok[cpu];
		busy += h.busy[cpu];
	}
	ktest_printf(t, "%lu round trips, %lu refused -EBUSY, %u CPUs", ok,
		     busy, num_online_cpus());
	KTEST_EXPECT_TRUE(t, ok > 0);
	if (h.want_busy)
		KTEST_EXPECT_TRUE(t, busy > 0);
	KTEST_EXPECT_EQ(t, memcmp(before, direct_pages_count, sizeof(before)),
			0);
	sm_expect_clean(t, va, SM_SHARED);
	free_pages(va, 3);
}

static struct ktest_case sm_cases[] = {
	KTEST_CASE(sm_test_set_memory_uc),
	KTEST_CASE(sm_test_set_memory_wc),
	KTEST_CASE(sm_test_set_memory_wt),
	KTEST_CASE(sm_test_set_pages_uc),
	KTEST_CASE(sm_test_set_memory_wb),
	KTEST_CASE(sm_test_set_pages_wb),
	KTEST_CASE(sm_test_array_uc),
	KTEST_CASE(sm_test_array_wc),
	KTEST_CASE(sm_test_array_wb),
	KTEST_CASE(sm_test_wb_window_replay),
	KTEST_CASE(sm_test_all_cpus_same_pages),
	{}
};
KTEST_SUITE(pat_set_memory_faults, sm_cases);
