// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP suite x86_pt_txn: the rules of page-table transactions
 * (asm/pgtable_txn.h), checked directly rather than through boots that
 * happen to pass:
 *
 *  - the freeing rule: a table freed before every CPU has flushed is
 *    refused by the page allocator (a transaction that commits in the
 *    forbidden order is built on purpose), and one freed in the right
 *    order is handed out again at once;
 *  - stages: a change that splits or merges costs exactly one more
 *    invalidation per stage, and one that does neither costs one;
 *  - vmap_range() over a table an earlier mapping left unlinks it;
 *  - merges and splits on one CPU while the others read through the
 *    range: every read sees the data, no table is reused early;
 *  - a run of user entries written at once: consecutive frames, the
 *    attributes kept, and only the present old entries invalidated.
 */
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/sched/mm.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/time.h>
#include <linux/vmalloc.h>
#include <asm/page.h>
#include <asm/pat_verify.h>
#include <asm/pgtable.h>
#include <asm/pgtable_txn.h>
#include <asm/pgtable_user.h>
#include <asm/processor.h>
#include <asm/set_memory.h>
#include <asm/tlbflush.h>
#include "../cpa_plan.h"

/* a 2 MiB block of free RAM mapped by one 2M leaf, or 0 */
static unsigned long txn_2m_leaf(void)
{
	struct page *pg = alloc_pages(GFP_KERNEL, 9);
	enum pg_level level;
	unsigned long va;

	if (!pg)
		return 0;
	va = (unsigned long)page_address(pg);
	pt_read_entry(va, &level);
	if (level != PG_LEVEL_2M) {
		__free_pages(pg, 9);
		return 0;
	}
	return va;
}

/* the free block holding @pfn: its order, or -1 when it is not free */
static int txn_free_block_order(unsigned long pfn)
{
	unsigned int o;

	for (o = 0; o <= MAX_ORDER; o++) {
		struct page *head = pfn_to_page(pfn & ~((1UL << o) - 1));

		if (PageBuddy(head) && head->order == o)
			return o;
	}
	return -1;
}

/* split the 2M leaf at @va with a transaction; the new table's frame */
static phys_addr_t txn_split(unsigned long va)
{
	enum pg_level level;
	struct pt_txn t;
	phys_addr_t table = 0;
	pteval_t *e;

	pt_txn_begin(&t);
	e = lookup_address(va, &level);
	if (level == PG_LEVEL_2M && !pt_txn_prealloc(&t, 1)) {
		pt_txn_split(&t, e, va, level);
		table = *e & PTE_PFN_MASK;
	}
	pt_txn_commit(&t);
	return table;
}

struct txn_window {
	phys_addr_t table;
	int order;
	struct page *head, *got;
	bool stamped, stale;
	unsigned long refused;
};

/* in the misordered commit's window: the table is free but stale */
static void txn_try_alloc(void *arg)
{
	struct txn_window *w = arg;

	w->order = txn_free_block_order(PHYS_PFN(w->table));
	if (w->order < 0)
		return;
	w->head = pfn_to_page(PHYS_PFN(w->table) & ~((1UL << w->order) - 1));
	w->stamped = page_flag(w->head, PG_pt_stamped);
	w->stale = !pt_table_reusable(w->head->pt_gen);
	w->refused = pt_txn_stats.refused;
	/* the stale block heads its list: it is met, refused, skipped */
	w->got = alloc_pages(GFP_ATOMIC | __GFP_NOWARN, w->order);
	w->refused = pt_txn_stats.refused - w->refused;
}

/* merge the table under the 2M entry of @va back; @w: misordered */
static void txn_merge(unsigned long va, struct txn_window *w)
{
	struct pt_txn t;
	pteval_t *e;

	pt_txn_begin(&t);
	e = lookup_entry_at(va, PG_LEVEL_2M);
	pt_txn_replace_table(&t, e, cpa_merged_entry(pt_virt(*e & PTE_PFN_MASK),
						     PG_LEVEL_4K),
			     va, PG_LEVEL_2M);
	if (w)
		pt_txn_commit_misordered(&t, txn_try_alloc, w);
	else
		pt_txn_commit(&t);
}

/*
 * Allocate blocks of @order until @want comes (at most 64 tries) and give
 * back the others: @want, or NULL when it never came.
 */
static struct page *txn_alloc_until(struct page *want, int order)
{
	struct page *held[64], *got = NULL;
	unsigned int n = 0;

	while (n < ARRAY_SIZE(held)) {
		got = alloc_pages(GFP_ATOMIC | __GFP_NOWARN, order);
		if (!got || got == want)
			break;
		held[n++] = got;
		got = NULL;
	}
	while (n--)
		__free_pages(held[n], order);
	return got;
}

/*
 * Free a table before the invalidation: in that window the allocator
 * must not hand out the block holding it, and must count the refusal.
 * Once the commit has invalidated, the block is handed out again.
 */
static void txn_test_misordered_free_is_refused(struct ktest *t)
{
	unsigned long va = txn_2m_leaf(), refused;
	struct txn_window w = { 0 };
	struct page *got;

	if (!va) {
		ktest_skip(t, "no 2M leaf of free RAM");
		return;
	}
	w.table = txn_split(va);
	KTEST_ASSERT_TRUE(t, w.table != 0);
	txn_merge(va, &w);
	KTEST_ASSERT_TRUE(t, w.order >= 0);
	KTEST_EXPECT_TRUE(t, w.stamped);
	KTEST_EXPECT_TRUE(t, w.stale);
	KTEST_EXPECT_TRUE(t, w.got != w.head);
	KTEST_EXPECT_EQ(t, w.refused, 1);

	if (w.got)
		__free_pages(w.got, w.order);

	/*
	 * Every CPU has flushed since: the block is handed out again, with
	 * no refusal.  Not necessarily first: the halves of a bigger block
	 * split in the window may sit in front of it.
	 */
	refused = pt_txn_stats.refused;
	KTEST_EXPECT_TRUE(t, pt_table_reusable(w.head->pt_gen));
	got = txn_alloc_until(w.head, w.order);
	KTEST_EXPECT_TRUE(t, got == w.head);
	KTEST_EXPECT_FALSE(t, got && page_flag(got, PG_pt_stamped));
	if (got)
		__free_pages(got, w.order);
	KTEST_EXPECT_EQ(t, pt_txn_stats.refused, refused);
	__free_pages(virt_to_page((void *)va), 9);
}

/* the right order: the table is reusable as soon as the commit returns */
static void txn_test_ordered_free_is_reusable(struct ktest *t)
{
	unsigned long va = txn_2m_leaf(), refused = pt_txn_stats.refused;
	struct page *got, *head;
	phys_addr_t table;
	int order;

	if (!va) {
		ktest_skip(t, "no 2M leaf of free RAM");
		return;
	}
	table = txn_split(va);
	KTEST_ASSERT_TRUE(t, table != 0);
	txn_merge(va, NULL);
	order = txn_free_block_order(PHYS_PFN(table));
	KTEST_ASSERT_TRUE(t, order >= 0);
	head = pfn_to_page(PHYS_PFN(table) & ~((1UL << order) - 1));
	KTEST_EXPECT_TRUE(t, pt_table_reusable(head->pt_gen));
	got = alloc_pages(GFP_ATOMIC | __GFP_NOWARN, order);
	KTEST_EXPECT_TRUE(t, got == head);
	if (got)
		__free_pages(got, order);
	KTEST_EXPECT_EQ(t, pt_txn_stats.refused, refused);
	__free_pages(virt_to_page((void *)va), 9);
}

struct txn_cost {
	unsigned long inv, splits, merges;
};

static void txn_cost_start(struct txn_cost *c)
{
	c->inv = pt_txn_stats.invalidations;
	c->splits = cpa_stats.splits;
	c->merges = cpa_stats.merges;
}

/* one invalidation for the leaves, one more per size-change stage */
static void txn_cost_expect(struct ktest *t, const struct txn_cost *c,
			    unsigned long splits, unsigned long merges)
{
	unsigned long s = cpa_stats.splits - c->splits;
	unsigned long m = cpa_stats.merges - c->merges;

	KTEST_EXPECT_EQ(t, s, splits);
	KTEST_EXPECT_TRUE(t, m >= merges);
	KTEST_EXPECT_EQ(t, pt_txn_stats.invalidations - c->inv,
			1 + (s > 0) + (m > 0));
}

/*
 * Rule 2 by its cost: a cache-mode change that splits is two stages (the
 * split, then the leaves), the change back that merges is two (the
 * leaves, then the merge), and one that does neither is one.
 */
static void txn_test_stages_cost_one_invalidation_each(struct ktest *t)
{
	unsigned long va = txn_2m_leaf();
	struct txn_cost c;

	if (!va) {
		ktest_skip(t, "no 2M leaf of free RAM");
		return;
	}
	txn_cost_start(&c);
	KTEST_EXPECT_EQ(t, set_memory_uc(va + PAGE_SIZE, 1), 0);
	txn_cost_expect(t, &c, 1, 0);
	txn_cost_start(&c);
	KTEST_EXPECT_EQ(t, set_memory_wb(va + PAGE_SIZE, 1), 0);
	txn_cost_expect(t, &c, 0, 1);
	txn_cost_start(&c);
	KTEST_EXPECT_EQ(t, set_memory_uc(va, 512), 0);
	txn_cost_expect(t, &c, 0, 0);
	txn_cost_start(&c);
	KTEST_EXPECT_EQ(t, set_memory_wb(va, 512), 0);
	txn_cost_expect(t, &c, 0, 0);
	ktest_expect_no_alias(t);
	__free_pages(virt_to_page((void *)va), 9);
}

/*
 * A 4 KiB mapping leaves a table under its 2 MiB slot; a later 2 MiB
 * mapping of the slot unlinks it, and the commit frees it.
 */
static void txn_test_vmap_drops_empty_table(struct ktest *t)
{
	struct vm_struct *a = get_vm_area_caller(PMD_SIZE, PMD_SIZE,
						 VM_IOREMAP, 0);
	unsigned long unlinked = pt_txn_stats.unlinked, va;
	long tables = pgtable_nr_buddy;
	u64 phys = 1ULL << (boot_cpu_data.x86_phys_bits - 2);
	enum pg_level level;
	pteval_t v;

	KTEST_ASSERT_TRUE(t, a != NULL);
	va = (unsigned long)a->addr;
	KTEST_ASSERT_TRUE(t, !vmap_range(va, phys, PAGE_SIZE, PAGE_KERNEL_RO));
	KTEST_EXPECT_TRUE(t, pgtable_nr_buddy > tables);
	vunmap_range(va, PAGE_SIZE);
	KTEST_ASSERT_TRUE(t, !vmap_range(va, phys, PMD_SIZE, PAGE_KERNEL_RO));
	v = pt_read_entry(va + 5 * PAGE_SIZE, &level);
	KTEST_EXPECT_EQ(t, level, PG_LEVEL_2M);
	KTEST_EXPECT_EQ(t, v & PTE_PFN_MASK & ~(PMD_SIZE - 1), phys);
	KTEST_EXPECT_EQ(t, pt_txn_stats.unlinked, unlinked + 1);
	vunmap_range(va, PMD_SIZE);
	free_vm_area(a);
}

/* --- merges and splits while the other CPUs read ----------------------- */

struct reader {
	const volatile u64 *p;		/* the 2 MiB under change */
	volatile bool stop;
	unsigned long reads[NR_CPUS];
	unsigned long bad[NR_CPUS];
};

static void reader_fn(void *arg)
{
	struct reader *r = arg;
	unsigned int cpu = smp_processor_id(), i;

	while (!READ_ONCE(r->stop)) {
		for (i = 0; i < PMD_SIZE / sizeof(u64); i += 61)
			if (r->p[i] != (0x5a5a000000000000ULL | i))
				r->bad[cpu]++;
		r->reads[cpu]++;
	}
}

#define TXN_MIN_TRIPS	64
#define TXN_GIVE_UP_NS	(60 * NSEC_PER_SEC)

static bool readers_all_read(const struct reader *r, unsigned int me)
{
	unsigned int cpu;

	for_each_online_cpu(cpu)
		if (cpu != me && !READ_ONCE(r->reads[cpu]))
			return false;
	return true;
}

static void txn_test_split_merge_while_others_read(struct ktest *t)
{
	static struct reader r;
	unsigned long va = txn_2m_leaf(), before[PG_LEVEL_NUM], refused;
	unsigned long changes = 0;
	unsigned int cpu, me = smp_processor_id(), i, readers = 0;
	u64 *p, start, deadline;

	if (!va) {
		ktest_skip(t, "no 2M leaf of free RAM");
		return;
	}
	p = (u64 *)va;
	for (i = 0; i < PMD_SIZE / sizeof(u64); i++)
		p[i] = 0x5a5a000000000000ULL | i;
	memset(&r, 0, sizeof(r));
	r.p = p;
	memcpy(before, direct_pages_count, sizeof(before));
	refused = pt_txn_stats.refused;
	for_each_online_cpu(cpu)
		if (cpu != me && !smp_run_async(cpu, reader_fn, &r))
			readers++;
	/*
	 * Each round trip splits the 2M page and merges it back.  A second
	 * of them, but never fewer than TXN_MIN_TRIPS nor before every
	 * reader has read: on a loaded host a vCPU may get little of that
	 * second, and the test is about overlap, not speed.
	 */
	start = local_clock();
	deadline = start + NSEC_PER_SEC;
	while (local_clock() < deadline || changes < TXN_MIN_TRIPS ||
	       !readers_all_read(&r, me)) {
		if (local_clock() - start > TXN_GIVE_UP_NS)
			break;
		i = (changes * 37) % 512;
		if (set_memory_uc(va + i * PAGE_SIZE, 1) ||
		    set_memory_wb(va + i * PAGE_SIZE, 1))
			break;
		changes++;
	}
	WRITE_ONCE(r.stop, true);
	for_each_online_cpu(cpu)
		if (cpu != me)
			smp_wait_async(cpu);
	ktest_printf(t, "%lu round trips, %u readers", changes, readers);
	KTEST_EXPECT_TRUE(t, changes >= TXN_MIN_TRIPS);
	for_each_online_cpu(cpu) {
		KTEST_EXPECT_EQ(t, r.bad[cpu], 0);
		if (cpu != me)
			KTEST_EXPECT_TRUE(t, r.reads[cpu] > 0);
	}
	KTEST_EXPECT_EQ(t, pt_txn_stats.refused, refused);
	KTEST_EXPECT_EQ(t, memcmp(before, direct_pages_count, sizeof(before)),
			0);
	for (i = 0; i < PMD_SIZE / sizeof(u64); i++)
		if (p[i] != (0x5a5a000000000000ULL | i))
			break;
	KTEST_EXPECT_EQ(t, i, PMD_SIZE / sizeof(u64));
	ktest_expect_no_alias(t);
	__free_pages(virt_to_page((void *)va), 9);
}

#define RUN_VA		0x40000000UL	/* a 2 MiB-aligned user address */
#define RUN_PFN		0xfd000UL	/* device frames: never touched */
#define RUN_PROT	(_PAGE_PRESENT | _PAGE_RW | _PAGE_USER | _PAGE_PCD)

/*
 * pt_txn_write_run() on a user space no CPU runs: a run of 16 entries
 * over 2 already present (entries 3 and 9) maps the 16 frames in order
 * and invalidates pages 3 to 9 only; the run cleared leaves nothing and
 * invalidates the 16 pages.
 */
static void txn_test_write_run(struct ktest *t)
{
	struct mm_struct *mm = mm_alloc();
	struct pt_txn txn;
	unsigned int i, bad = 0;
	pteval_t *e;

	if (!mm) {
		ktest_fail(t, __FILE__, __LINE__, "mm_alloc() failed");
		return;
	}
	pt_txn_begin_mm(&txn, mm);
	if (pt_txn_prealloc(&txn, user_pte_tables_needed(mm, RUN_VA))) {
		pt_txn_commit(&txn);
		mmput(mm);
		ktest_skip(t, "no memory for the tables");
		return;
	}
	e = user_pte_alloc(&txn, RUN_VA);
	e[3] = PFN_PHYS(1UL) | _PAGE_PRESENT | _PAGE_USER;
	e[9] = PFN_PHYS(2UL) | _PAGE_PRESENT | _PAGE_USER;
	pt_txn_write_run(&txn, e, 16, PFN_PHYS(RUN_PFN) | RUN_PROT, RUN_VA);
	for (i = 0; i < 16; i++)
		bad += e[i] != (PFN_PHYS(RUN_PFN + i) | RUN_PROT);
	KTEST_EXPECT_EQ(t, bad, 0);
	KTEST_EXPECT_EQ(t, e[16], 0);
	KTEST_EXPECT_EQ(t, txn.flush.nr, 1);
	KTEST_EXPECT_EQ(t, txn.flush.r[0].start, RUN_VA + 3 * PAGE_SIZE);
	KTEST_EXPECT_EQ(t, txn.flush.r[0].end, RUN_VA + 10 * PAGE_SIZE);
	KTEST_EXPECT_EQ(t, txn.flush.pages, 7);
	pt_txn_flush(&txn);
	pt_txn_write_run(&txn, e, 16, 0, RUN_VA);
	for (i = 0, bad = 0; i < 16; i++)
		bad += e[i] != 0;
	KTEST_EXPECT_EQ(t, bad, 0);
	KTEST_EXPECT_EQ(t, txn.flush.nr, 1);
	KTEST_EXPECT_EQ(t, txn.flush.r[0].start, RUN_VA);
	KTEST_EXPECT_EQ(t, txn.flush.r[0].end, RUN_VA + 16 * PAGE_SIZE);
	pt_txn_commit(&txn);
	mmput(mm);
}

static struct ktest_case txn_cases[] = {
	KTEST_CASE(txn_test_misordered_free_is_refused),
	KTEST_CASE(txn_test_ordered_free_is_reusable),
	KTEST_CASE(txn_test_stages_cost_one_invalidation_each),
	KTEST_CASE(txn_test_vmap_drops_empty_table),
	KTEST_CASE(txn_test_split_merge_while_others_read),
	KTEST_CASE(txn_test_write_run),
	{}
};
KTEST_SUITE(x86_pt_txn, txn_cases);
