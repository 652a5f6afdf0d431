// SPDX-License-Identifier: GPL-2.0
/*
 * Page-table transactions: every change of the kernel's page tables after
 * boot, and every walk that must not see a table freed under it, runs
 * inside one (rules in asm/pgtable_txn.h, the whole story in
 * Documentation/x86/cpa.rst, "The life of a change").
 *
 * One lock, pt_lock (IRQ-safe), serialises transactions.  A CPU waiting
 * for it still serves cross-CPU calls (linux/spinlock.h), so a holder may
 * wait for every other CPU to flush.
 *
 * Spare tables are linked through their own first word (they are not
 * reachable by any CPU yet); unlinked tables through their struct page,
 * because a CPU may still walk an unlinked table until the invalidation,
 * so its contents must stay as they were.
 */
#define pr_fmt(fmt) "pgtable: " fmt

#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/pgtable_txn.h>
#include <asm/pgtable_user.h>
#include <asm/tlbflush.h>
#include "cpa_plan.h"

static DEFINE_SPINLOCK(pt_lock);
/* the CPU holding pt_lock, or -1: for pt_txn_held() */
static int pt_lock_cpu = -1;

u32 pt_unlink_gen = 1;
struct pt_txn_stats pt_txn_stats;

/**
 * pt_txn_begin() - start a page-table transaction
 * @t: the transaction, on the caller's stack
 *
 * Takes the page-table lock with interrupts off until pt_txn_commit().
 * Transactions do not nest.
 */
void pt_txn_begin(struct pt_txn *t)
{
	unsigned long flags;

	WARN_ON_ONCE(pt_txn_held());
	spin_lock_irqsave(&pt_lock, flags);
	*t = (struct pt_txn){ .irqflags = flags };
	INIT_LIST_HEAD(&t->unlinked);
	WRITE_ONCE(pt_lock_cpu, (int)smp_processor_id());
}

/**
 * pt_txn_begin_mm() - start a transaction on @mm's user page tables
 * @t: the transaction, on the caller's stack
 * @mm: the address space; not init_mm
 *
 * Takes @mm->page_table_lock with interrupts off until pt_txn_commit().
 * Invalidations go to the CPUs of @mm->cpu_mask only.  Does not nest with
 * any other transaction on this CPU.
 */
void pt_txn_begin_mm(struct pt_txn *t, struct mm_struct *mm)
{
	unsigned long flags;

	WARN_ON_ONCE(pt_txn_held() || mm == &init_mm);
	spin_lock_irqsave(&mm->page_table_lock, flags);
	*t = (struct pt_txn){ .irqflags = flags, .mm = mm };
	INIT_LIST_HEAD(&t->unlinked);
}

/**
 * pt_txn_held() - does this CPU hold a page-table transaction?
 */
bool pt_txn_held(void)
{
	return READ_ONCE(pt_lock_cpu) == (int)smp_processor_id();
}

/**
 * pt_txn_prealloc() - allocate @nr more page-table pages for @t
 * @t: the transaction
 * @nr: pages
 *
 * Before any entry changes.  Returns 0, or -ENOMEM; what was allocated is
 * given back at commit either way.
 */
int pt_txn_prealloc(struct pt_txn *t, unsigned int nr)
{
	phys_addr_t p;

	WARN_ON_ONCE(t->nr_taken || t->stage != PT_STAGE_NONE);
	while (nr--) {
		p = pgtable_alloc_page();
		if (!p)
			return -ENOMEM;
		*pt_virt(p) = t->spare;
		t->spare = p;
		t->nr_spare++;
	}
	return 0;
}

/* a preallocated table, zeroed; running out is a planning bug */
static phys_addr_t pt_txn_take(struct pt_txn *t)
{
	phys_addr_t p = t->spare;

	if (!p)
		panic("pgtable: transaction took more tables than it preallocated (%u)",
		      t->nr_taken);
	t->spare = *pt_virt(p);
	*pt_virt(p) = 0;
	t->nr_spare--;
	t->nr_taken++;
	return p;
}

/* end the open stage: one cross-CPU invalidation of what it changed */
static void pt_txn_invalidate(struct pt_txn *t)
{
	if (tlb_batch_empty(&t->flush))
		return;
	if (t->mm) {
		/*
		 * The entries written before the mask is read (a locked OR in
		 * switch_mm_irqs_off() on the other side): a CPU we miss here
		 * loads the space after them and walks the new entries.
		 */
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		t->last_targets = __atomic_load_n(&t->mm->cpu_mask,
						  __ATOMIC_SEQ_CST);
		flush_tlb_mm_batch(t->last_targets, &t->flush);
	} else {
		flush_tlb_kernel_batch(&t->flush);
	}
	t->invalidations++;
	pt_txn_stats.invalidations++;
}

/**
 * pt_txn_flush() - end the open stage now, invalidating what it changed
 * @t: the transaction
 *
 * For a caller that must know no CPU still uses the old entries before
 * the commit: a user-space unmap that frees the pages it unmapped in
 * batches.
 */
void pt_txn_flush(struct pt_txn *t)
{
	pt_txn_invalidate(t);
	t->stage = PT_STAGE_NONE;
}

/* rule 2: a change of the other kind ends the stage first */
static void pt_txn_stage(struct pt_txn *t, enum pt_stage kind)
{
	if (t->stage != kind && t->stage != PT_STAGE_NONE)
		pt_txn_invalidate(t);
	t->stage = kind;
}

/* the DirectMap counters of /proc/meminfo follow splits and merges */
static void pt_txn_count_direct(unsigned long va, enum pg_level level, long n)
{
	if (virt_in_direct_map(va))
		direct_pages_count[level] += n;
}

/**
 * pt_txn_write() - change one entry's attributes or presence
 * @t: the transaction
 * @e: a leaf entry (or an absent one) found under @t
 * @v: its new value; a leaf of the same level, or 0
 * @va: the first address @e maps
 * @level: @e's level
 *
 * A present old entry may be cached by any CPU: its range is invalidated
 * when the stage ends.  Bits the CPU does not implement are dropped from
 * @v (pt_supported()).
 */
void pt_txn_write(struct pt_txn *t, pteval_t *e, pteval_t v, unsigned long va,
		  enum pg_level level)
{
	pt_txn_stage(t, PT_STAGE_ATTR);
	if (pt_entry_present(*e))
		tlb_batch_add(&t->flush, va, va + pt_level_size(level));
	WRITE_ONCE(*e, pt_supported(v));
}

/**
 * pt_txn_write_run() - change a run of consecutive 4 KiB entries at once
 * @t: the transaction
 * @e: the first entry, found under @t
 * @nr: entries, all in @e's table
 * @v: the first entry's new value; each next one maps the next frame
 *     with the same attributes.  0 clears the run.
 * @va: the first address @e maps
 *
 * pt_txn_write() of each entry, for a whole mapping of consecutive
 * frames (remap_pfn_range()) or its unmap: one stage check and one
 * range to invalidate, from the first present old entry to the last,
 * rather than one per page.
 */
void pt_txn_write_run(struct pt_txn *t, pteval_t *e, unsigned int nr,
		      pteval_t v, unsigned long va)
{
	pteval_t step = v ? PAGE_SIZE : 0;
	unsigned int i, first = nr, last = 0;

	pt_txn_stage(t, PT_STAGE_ATTR);
	v = pt_supported(v);
	for (i = 0; i < nr; i++, v += step) {
		if (pt_entry_present(e[i])) {
			first = min(first, i);
			last = i;
		}
		WRITE_ONCE(e[i], v);
	}
	if (first < nr)
		tlb_batch_add(&t->flush, va + first * PAGE_SIZE,
			      va + (last + 1) * PAGE_SIZE);
}

/**
 * pt_txn_split() - replace the large leaf *@e by a table of 512 smaller
 * @t: the transaction
 * @e: a 2 MiB or 1 GiB leaf
 * @va: the first address it maps
 * @level: PG_LEVEL_2M or PG_LEVEL_1G
 *
 * The new entries keep every attribute (cpa_split_entries()), so for now
 * both translations agree; an attribute change of them comes in a later
 * stage.
 */
void pt_txn_split(struct pt_txn *t, pteval_t *e, unsigned long va,
		  enum pg_level level)
{
	phys_addr_t table;

	pt_txn_stage(t, PT_STAGE_SIZE);
	table = pt_txn_take(t);
	cpa_split_entries(*e, level, pt_virt(table));
	tlb_batch_add(&t->flush, va, va + pt_level_size(level));
	WRITE_ONCE(*e, table | _PAGE_TABLE);
	pt_txn_count_direct(va, level, -1);
	pt_txn_count_direct(va, level - 1, PTRS_PER_TABLE);
}

/* rule 3: stamp the table and keep it until the last invalidation */
static void pt_txn_unlink(struct pt_txn *t, phys_addr_t table)
{
	struct page *pg;
	u32 gen;

	pt_txn_stats.unlinked++;
	if (!pgtable_can_free())
		return;	/* boot tables from memblock are never reused */
	pg = virt_to_page(__va(table));
	/*
	 * A flush that reads the new generation also sees the unlink.  Each
	 * unlink gets a generation of its own, atomically: the kernel's and
	 * the user spaces' transactions run under different locks.
	 */
	gen = __atomic_add_fetch(&pt_unlink_gen, 1, __ATOMIC_RELEASE);
	if (!gen)
		gen = __atomic_add_fetch(&pt_unlink_gen, 1, __ATOMIC_RELEASE);
	if (t->mm) {
		/* checked against the mask's CPUs at commit, not stamped */
		t->mm_gen = gen;
	} else {
		pg->pt_gen = gen;
		set_page_flag(pg, PG_pt_stamped);
	}
	list_add_tail(&pg->lru, &t->unlinked);
	t->nr_unlinked++;
}

/**
 * pt_txn_replace_table() - unlink the table under *@e, put @v there
 * @t: the transaction
 * @e: an entry pointing to a table of entries of @level - 1
 * @v: the new entry: a leaf of @level mapping what the table mapped with
 *     the same attributes (a merge), or 0 (an empty table dropped)
 * @va: the first address @e maps
 * @level: @e's level, PG_LEVEL_2M or PG_LEVEL_1G
 */
void pt_txn_replace_table(struct pt_txn *t, pteval_t *e, pteval_t v,
			  unsigned long va, enum pg_level level)
{
	phys_addr_t table = *e & PTE_PFN_MASK;

	/*
	 * A user space has 4 KiB pages only, so dropping one of its empty
	 * tables never puts a large translation beside small ones: it joins
	 * the open stage, and an unmap is one invalidation, leaves and
	 * tables together, as with Linux's mmu_gather.
	 */
	if (v || !t->mm)
		pt_txn_stage(t, PT_STAGE_SIZE);
	tlb_batch_add(&t->flush, va, va + pt_level_size(level));
	WRITE_ONCE(*e, pt_supported(v));
	if (v) {
		pt_txn_count_direct(va, level - 1, -PTRS_PER_TABLE);
		pt_txn_count_direct(va, level, 1);
	}
	pt_txn_unlink(t, table);
}

/**
 * pt_txn_link_table() - put a new, empty table under the absent entry *@e
 * @t: the transaction
 * @e: an absent upper-level entry
 *
 * Absent entries are never cached, so nothing needs invalidating.
 * Returns the table.
 */
pteval_t *pt_txn_link_table(struct pt_txn *t, pteval_t *e)
{
	phys_addr_t table = pt_txn_take(t);

	WARN_ON_ONCE(pt_entry_present(*e));
	/* the kernel half's top level is fixed once user spaces exist */
	if (!t->mm)
		pgd_kernel_half_check_link(e);
	/* the zeroed table is visible before the entry that links it */
	__atomic_thread_fence(__ATOMIC_RELEASE);
	WRITE_ONCE(*e, table | _PAGE_TABLE | (t->mm ? _PAGE_USER : 0));
	return pt_virt(table);
}

static void pt_txn_free_unlinked(struct pt_txn *t)
{
	struct page *pg;

	while (!list_empty(&t->unlinked)) {
		pg = list_first_entry(&t->unlinked, struct page, lru);
		list_del(&pg->lru);
		pgtable_free_page(page_to_phys(pg));
	}
}

static void pt_txn_unlock(struct pt_txn *t)
{
	pt_txn_stats.commits++;
	if (t->mm) {
		spin_unlock_irqrestore(&t->mm->page_table_lock, t->irqflags);
		return;
	}
	WRITE_ONCE(pt_lock_cpu, -1);
	spin_unlock_irqrestore(&pt_lock, t->irqflags);
}

/*
 * Rule 3 for a user space: every CPU the last invalidation went to must
 * have recorded a flush after the last unlink before its table is freed.
 */
static void pt_txn_check_mm_flushed(struct pt_txn *t)
{
	unsigned int cpu;

	if (!t->nr_unlinked)
		return;
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		u32 seen;

		if (!(t->last_targets & (1ULL << cpu)) || !cpu_online(cpu))
			continue;
		seen = __atomic_load_n(&per_cpu_ptr(cpu)->tlb_seen_gen,
				       __ATOMIC_ACQUIRE);
		if ((s32)(seen - t->mm_gen) < 0)
			panic("pgtable: CPU %u may still reach an unlinked user page table",
			      cpu);
	}
}

static void pt_txn_wait_bringup(void)
{
	while (smp_cpu_booting()) {
		cpu_relax();
		smp_poll_calls();
	}
}

/**
 * pt_txn_commit() - end a page-table transaction
 * @t: the transaction
 *
 * Invalidates what the last stage changed on every online CPU (on the
 * CPUs of the space's mask for a user transaction), and only then frees the tables the transaction unlinked and the spares it did not
 * use, and drops the lock.  A transaction that changed nothing (a walk, or
 * one that failed to preallocate) invalidates nothing.
 */
void pt_txn_commit(struct pt_txn *t)
{
	pt_txn_invalidate(t);
	/*
	 * A CPU being brought up walks the kernel's tables but is not in
	 * the shootdown: it may still reach what we unlinked until it is
	 * online and has flushed (smpboot.c), so the tables wait for that.
	 */
	if (t->nr_unlinked && !t->mm)
		pt_txn_wait_bringup();
	if (t->mm)
		pt_txn_check_mm_flushed(t);
	pt_txn_free_unlinked(t);
	while (t->spare)
		pgtable_free_page(pt_txn_take(t));
	pt_txn_unlock(t);
}

/**
 * pt_table_reusable() - may a page-table page stamped @gen be reused?
 * @gen: the stamp (pt_gen of a PG_pt_stamped page)
 *
 * Only once every online CPU has flushed after reading a generation at
 * least @gen: before that, a CPU may still reach the page through its
 * paging-structure caches.  The page allocator asks this before handing
 * out a stamped page, and refuses it (counting and warning) otherwise.
 */
bool pt_table_reusable(u32 gen)
{
	unsigned int cpu;

	for_each_online_cpu(cpu) {
		u32 seen = __atomic_load_n(&per_cpu_ptr(cpu)->tlb_seen_gen,
					   __ATOMIC_ACQUIRE);

		if ((s32)(seen - gen) < 0)
			return false;
	}
	return true;
}

#ifdef CONFIG_KTEST
/**
 * pt_txn_commit_misordered() - test only: the order rule 3 forbids
 * @t: the transaction
 * @in_window: called between the early free and the invalidation, with
 *	the transaction still held
 * @arg: its argument
 *
 * Frees the unlinked tables before the invalidation, so that a test can
 * check, in the window, that the page allocator refuses them.
 */
void pt_txn_commit_misordered(struct pt_txn *t, void (*in_window)(void *),
			      void *arg)
{
	pt_txn_free_unlinked(t);
	in_window(arg);
	pt_txn_commit(t);
}
#endif
