/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Page-table transactions (arch/x86/mm/pgtable_txn.c): the one way the
 * kernel's page tables change after boot, and the one way they are read
 * by anything that walks more than its own entries.
 *
 *	struct pt_txn t;
 *
 *	pt_txn_begin(&t);			takes the page-table lock
 *	err = pt_txn_prealloc(&t, n);		every table it may need
 *	if (!err) {
 *		pt_txn_split(&t, ...);		size changes ...
 *		pt_txn_write(&t, ...);		... attribute changes
 *		pt_txn_write_run(&t, ...);	    (a run of them) ...
 *		pt_txn_replace_table(&t, ...);	... merges
 *	}
 *	pt_txn_commit(&t);			invalidate, free, unlock
 *
 * The rules it enforces (Documentation/x86/cpa.rst, "The life of a
 * change"):
 *
 *  1. All or nothing: a transaction allocates every page-table page it
 *     may need before it changes an entry, so -ENOMEM changes nothing.
 *     Taking more tables than were preallocated is a planning bug and
 *     panics.
 *  2. Stages: within one stage a translation changes either its page size
 *     (split, merge: same frame and attributes) or its attributes, never
 *     both, because a CPU may cache a large and a small translation of one
 *     address at once and their attributes must then agree (SDM Vol. 3A
 *     4.10.2.3).  A call of the other kind first ends the stage with one
 *     cross-CPU invalidation of everything the stage changed.  In a user
 *     space, which maps 4 KiB pages only, dropping an empty table joins
 *     the open stage instead.
 *  3. A page-table page unlinked from the tables is freed only at commit,
 *     after the last invalidation: every online CPU has then flushed, and
 *     so dropped any paging-structure cache entry pointing into it.  Each
 *     unlink stamps the page with a new generation (pt_unlink_gen); the
 *     page allocator refuses to hand out a stamped page while an online
 *     CPU has not flushed since (pt_table_reusable()).
 *  4. Walkers hold a transaction that changes nothing: no entry they read
 *     can change, and no table they reach can be freed, until they end it.
 *
 * A transaction begun with pt_txn_begin_mm() changes the user half of
 * one address space instead (Documentation/x86/cpa.rst, "For user address
 * spaces"): it takes that space's page_table_lock, links user tables
 * (_PAGE_USER at every level), and each invalidation goes to the CPUs of
 * mm->cpu_mask only.  The rules stay; for rule 3 a CPU outside the mask
 * cannot reach the space's tables at all, so the unlinked tables are
 * freed once the CPUs of the mask have flushed, which commit checks
 * (a CPU of the mask that did not record the flush is a panic).
 */
#ifndef _ASM_X86_PGTABLE_TXN_H
#define _ASM_X86_PGTABLE_TXN_H

#include <linux/list.h>
#include <linux/types.h>
#include <asm/pgtable_types.h>
#include <asm/tlbflush.h>

enum pt_stage {
	PT_STAGE_NONE,
	PT_STAGE_SIZE,		/* splits and merges */
	PT_STAGE_ATTR,		/* leaf writes */
};

struct mm_struct;

struct pt_txn {
	unsigned long irqflags;
	struct mm_struct *mm;		/* NULL: the kernel's tables */
	u64 last_targets;		/* CPUs of the last user invalidation */
	u32 mm_gen;			/* generation of its last unlink */
	phys_addr_t spare;		/* preallocated tables, linked */
	unsigned int nr_spare;
	unsigned int nr_taken;
	struct list_head unlinked;	/* struct page lru of unlinked tables */
	unsigned int nr_unlinked;
	enum pt_stage stage;
	struct tlb_batch flush;		/* what the open stage changed */
	unsigned int invalidations;	/* stages ended so far */
};

struct pt_txn_stats {
	unsigned long commits;
	unsigned long invalidations;	/* cross-CPU invalidations, all stages */
	unsigned long unlinked;		/* tables unlinked, freed after a flush */
	unsigned long refused;		/* allocations refused by the free rule */
};

extern struct pt_txn_stats pt_txn_stats;
/* the last generation stamped on an unlinked table; never 0 */
extern u32 pt_unlink_gen;

void pt_txn_begin(struct pt_txn *t);
void pt_txn_begin_mm(struct pt_txn *t, struct mm_struct *mm);
int pt_txn_prealloc(struct pt_txn *t, unsigned int nr);
void pt_txn_commit(struct pt_txn *t);
void pt_txn_flush(struct pt_txn *t);
bool pt_txn_held(void);

void pt_txn_write(struct pt_txn *t, pteval_t *e, pteval_t v, unsigned long va,
		  enum pg_level level);
void pt_txn_write_run(struct pt_txn *t, pteval_t *e, unsigned int nr,
		      pteval_t v, unsigned long va);
void pt_txn_split(struct pt_txn *t, pteval_t *e, unsigned long va,
		  enum pg_level level);
void pt_txn_replace_table(struct pt_txn *t, pteval_t *e, pteval_t v,
			  unsigned long va, enum pg_level level);
pteval_t *pt_txn_link_table(struct pt_txn *t, pteval_t *e);

/* page allocator: may a page stamped @gen be handed out? */
bool pt_table_reusable(u32 gen);

#ifdef CONFIG_KTEST
/* test only: commit freeing the unlinked tables before invalidating */
void pt_txn_commit_misordered(struct pt_txn *t, void (*in_window)(void *),
			      void *arg);
#endif

#endif /* _ASM_X86_PGTABLE_TXN_H */
