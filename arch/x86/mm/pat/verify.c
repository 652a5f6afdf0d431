// SPDX-License-Identifier: GPL-2.0
/*
 * pat_verify_aliases(): prove, by walking the page tables, that every
 * physical page has one effective memory type.
 *
 * Every present leaf entry of the kernel's page tables (direct map, kernel
 * image, vmalloc/ioremap area, fixmap) becomes a run: a virtual range, its
 * physical range, its PAT type and its effective type (PAT combined with
 * the MTRR type of the physical range).  Contiguous runs with the same
 * attributes are joined, so the direct map is a handful of runs.  Then:
 *
 *   1. sorted by physical address, overlapping runs must have the same
 *      effective type (a page mapped twice with two types is the bug PAT
 *      exists to prevent);
 *   2. each run's PAT type must be the type reserved for its pages (per
 *      page for RAM, the memtype tree otherwise; only while PAT is on), as
 *      the PAT in force maps it: a WC reservation under a PAT without WC
 *      is mapped UC-, like every WC mapping there;
 *   3. the direct map must map RAM only.
 *
 * The walk and check 2 run inside a page-table transaction and under
 * memtype_lock: one consistent snapshot, taken while other CPUs reserve,
 * map and unmap.  Every RAM change holds both for its whole length, and
 * ioremap reserves before it maps and unmaps before it frees, so the
 * snapshot sees no half-done change: any violation is real.  The pat_smp
 * stress test takes such snapshots while it runs.
 */
#include <linux/e820.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/ktest.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/vfile.h>
#include <asm/mtrr.h>
#include <asm/page.h>
#include <asm/pat.h>
#include <asm/pat_rules.h>
#include <asm/pgtable.h>
#include <asm/pgtable_txn.h>
#include <asm/pat_verify.h>
#include "memtype.h"

unsigned long pat_verify_snapshots;

struct alias_run {
	unsigned long va;
	u64 pa, end;		/* physical [pa, end) */
	u8 pat;			/* enum page_cache_mode of the entry */
	u8 eff;			/* effective type */
	u8 kind;		/* enum memtype_kind of [pa, end) */
};

struct alias_walk {
	struct alias_run *runs;
	unsigned long nr, cap;
	unsigned long pages;
	bool overflow;
};

static void alias_add(struct alias_walk *w, unsigned long va, u64 pa,
		      unsigned long size, enum page_cache_mode pat)
{
	struct alias_run *last = w->nr ? &w->runs[w->nr - 1] : NULL;
	u8 uniform, mtrr = mtrr_type_lookup(pa, pa + size, &uniform);
	u8 eff = pat_effective_type(mtrr, pat);

	w->pages += size >> PAGE_SHIFT;
	if (last && last->end == pa && last->va + (last->end - last->pa) == va &&
	    last->pat == pat && last->eff == eff) {
		last->end += size;
		return;
	}
	if (w->nr == w->cap) {
		w->overflow = true;
		return;
	}
	w->runs[w->nr++] = (struct alias_run){ va, pa, pa + size, pat, eff,
					       MEMTYPE_INVALID };
}

static void alias_walk_table(struct alias_walk *w, pteval_t *t,
			     enum pg_level level, unsigned long base)
{
	unsigned long size = pt_level_size(level), va;
	unsigned int i;
	pteval_t v;

	for (i = 0; i < PTRS_PER_TABLE; i++) {
		v = t[i];
		va = base + i * size;
		if (level == PG_LEVEL_512G && i >= 256)
			va |= 0xffff000000000000UL;
		if (!pt_entry_present(v))
			continue;
		if (level == PG_LEVEL_4K)
			alias_add(w, va, v & PTE_PFN_MASK, size,
				  pgprot2cachemode(v));
		else if (pt_entry_large(v, level))
			alias_add(w, va, v & PTE_PFN_MASK & ~(size - 1), size,
				  pgprot2cachemode(protval_large_2_4k(v)));
		else
			alias_walk_table(w, __va(v & PTE_PFN_MASK), level - 1, va);
	}
}

static int alias_cmp(const void *a, const void *b)
{
	const struct alias_run *x = a, *y = b;

	return x->pa < y->pa ? -1 : x->pa > y->pa;
}

static __printf(2, 3) void alias_report(struct alias_verify_result *res,
					const char *fmt, ...)
{
	va_list args;

	if (res->nr_reported < ALIAS_MAX_REPORTED) {
		va_start(args, fmt);
		vscnprintf(res->report[res->nr_reported++], ALIAS_REPORT_LEN,
			   fmt, args);
		va_end(args);
	}
	res->violations++;
}

static void alias_check_overlaps(struct alias_walk *w,
				 struct alias_verify_result *res)
{
	unsigned long i, j;

	for (i = 0; i < w->nr; i++) {
		for (j = i + 1; j < w->nr && w->runs[j].pa < w->runs[i].end; j++) {
			struct alias_run *a = &w->runs[i], *b = &w->runs[j];

			if (a->eff == b->eff)
				continue;
			u64 from = max(a->pa, b->pa);

			/* each mapping's address of the first shared byte */
			alias_report(res, "alias: [mem %#010llx-%#010llx] mapped %s at %#lx and %s at %#lx",
				     (unsigned long long)from,
				     (unsigned long long)min(a->end, b->end) - 1,
				     cattr_name(a->eff),
				     a->va + (unsigned long)(from - a->pa),
				     cattr_name(b->eff),
				     b->va + (unsigned long)(from - b->pa));
		}
	}
}

/*
 * Check 2, under memtype_lock: the mode reserved for each page.  Each run
 * is classified once; the ISA range is untracked, and a run mixing RAM and
 * non-RAM is check 3's to report.
 */
static void alias_check_reservations(struct alias_walk *w,
				     struct alias_verify_result *res)
{
	enum page_cache_mode want;
	unsigned long i;
	u64 p;

	for (i = 0; i < w->nr; i++) {
		struct alias_run *r = &w->runs[i];

		r->kind = memtype_classify(r->pa, r->end);
		/* RAM is counted with PAT off too; I/O only with PAT */
		if (r->kind != MEMTYPE_RAM &&
		    (r->kind != MEMTYPE_IO || !pat_enabled()))
			continue;
		for (p = r->pa; p < r->end; p += PAGE_SIZE) {
			want = memtype_lookup_locked(p, r->kind);
			/* a mode the PAT lacks maps as its fallback (WC: UC-) */
			if (pgprot2cachemode(cachemode2protval(want)) == r->pat)
				continue;
			alias_report(res, "reservation: [mem %#010llx-%#010llx] reserved %s but mapped %s at %#lx",
				     (unsigned long long)p,
				     (unsigned long long)p + PAGE_SIZE - 1,
				     cattr_name(want), cattr_name(r->pat),
				     r->va + (unsigned long)(p - r->pa));
			break;	/* one line per run is enough */
		}
	}
}

static void alias_check_direct_map(struct alias_walk *w,
				   struct alias_verify_result *res)
{
	unsigned long i;

	for (i = 0; i < w->nr; i++) {
		struct alias_run *r = &w->runs[i];

		if (virt_in_direct_map(r->va) && r->kind != MEMTYPE_RAM)
			alias_report(res, "direct map: [mem %#010llx-%#010llx] is not RAM but mapped %s at %#lx",
				     (unsigned long long)r->pa,
				     (unsigned long long)r->end - 1,
				     cattr_name(r->pat), r->va);
	}
}

/**
 * pat_verify_aliases() - check every mapping against every other
 * @res: receives counts and the first violations
 *
 * Returns 0 if there is no violation, -EFAULT if there are, -ENOMEM if the
 * walk could not get memory.
 */
int pat_verify_aliases(struct alias_verify_result *res)
{
	struct alias_walk w = { .cap = 8192 };
	struct pt_txn t;

	*res = (struct alias_verify_result){ 0 };
	w.runs = kmalloc(w.cap * sizeof(*w.runs), GFP_KERNEL);
	if (!w.runs)
		return -ENOMEM;
	/* one snapshot: no entry or reservation may change under it */
	pt_txn_begin(&t);
	spin_lock(&memtype_lock);
	alias_walk_table(&w, init_pgd, PG_LEVEL_512G, 0);
	if (!w.overflow)
		alias_check_reservations(&w, res);
	spin_unlock(&memtype_lock);
	pt_txn_commit(&t);
	if (w.overflow) {
		kfree(w.runs);
		return -ENOMEM;
	}
	sort(w.runs, w.nr, sizeof(*w.runs), alias_cmp, NULL);
	alias_check_overlaps(&w, res);
	alias_check_direct_map(&w, res);
	__atomic_fetch_add(&pat_verify_snapshots, 1, __ATOMIC_RELAXED);
	res->pages = w.pages;
	res->mappings = w.nr;
	kfree(w.runs);
	return res->violations ? -EFAULT : 0;
}

static int pat_alias_check_show(struct seq_file *m, void *priv)
{
	struct alias_verify_result *res = kmalloc(sizeof(*res), GFP_KERNEL);
	unsigned int i;
	int err;

	if (!res)
		return -ENOMEM;
	err = pat_verify_aliases(res);
	if (err == -ENOMEM)
		seq_puts(m, "error: out of memory for the walk\n");
	else if (!res->violations)
		seq_printf(m, "ok: %lu pages in %lu mappings checked\n",
			   res->pages, res->mappings);
	for (i = 0; i < res->nr_reported; i++)
		seq_printf(m, "%s\n", res->report[i]);
	if (res->violations > res->nr_reported)
		seq_printf(m, "... and %lu more\n",
			   res->violations - res->nr_reported);
	kfree(res);
	return 0;
}

void pat_verify_debugfs_init(void)
{
	debugfs_create_file("x86/pat_alias_check", pat_alias_check_show, NULL);
}

#ifdef CONFIG_KTEST
/**
 * ktest_expect_no_alias() - fail @t with each violation the verifier finds
 *
 * What every PAT KTAP suite runs after its scenario.
 */
void ktest_expect_no_alias(struct ktest *t)
{
	static struct alias_verify_result res;
	unsigned int i;

	KTEST_EXPECT_EQ(t, pat_verify_aliases(&res), 0);
	for (i = 0; i < res.nr_reported; i++)
		ktest_fail(t, __FILE__, __LINE__, "%s", res.report[i]);
}
#endif
