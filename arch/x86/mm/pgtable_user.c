// SPDX-License-Identifier: GPL-2.0
/*
 * Walking, growing and pruning the user half of an address space's page
 * tables.  All under mm->mmap_lock; the growing and pruning inside a
 * page-table transaction on the space (asm/pgtable_txn.h), which links
 * the preallocated tables and frees unlinked ones after its invalidation.
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/pgtable_txn.h>
#include <asm/pgtable_user.h>
#include <asm/uaccess.h>

static pteval_t *user_table(pteval_t e)
{
	return __va(e & PTE_PFN_MASK);
}

/**
 * user_pte_lookup() - the 4 KiB entry of @va in @mm, or NULL
 * @mm: the space
 * @va: a user address
 *
 * NULL when a table above the entry is absent.
 */
pteval_t *user_pte_lookup(struct mm_struct *mm, unsigned long va)
{
	pteval_t *t = mm->pgd, *e;
	enum pg_level l;

	for (l = PG_LEVEL_512G; l > PG_LEVEL_4K; l--) {
		e = &t[pt_index(va, l)];
		if (!pt_entry_present(*e))
			return NULL;
		t = user_table(*e);
	}
	return &t[pt_index(va, PG_LEVEL_4K)];
}

/**
 * user_pte_tables_needed() - tables user_pte_alloc(@va) would link
 * @mm: the space
 * @va: a user address
 */
unsigned int user_pte_tables_needed(struct mm_struct *mm, unsigned long va)
{
	pteval_t *t = mm->pgd, *e;
	enum pg_level l;

	for (l = PG_LEVEL_512G; l > PG_LEVEL_4K; l--) {
		e = &t[pt_index(va, l)];
		if (!pt_entry_present(*e))
			return l - PG_LEVEL_4K;
		t = user_table(*e);
	}
	return 0;
}

/**
 * user_pte_alloc() - the 4 KiB entry of @va, linking tables as needed
 * @t: a transaction on the space, with the tables preallocated
 * @va: a user address
 */
pteval_t *user_pte_alloc(struct pt_txn *t, unsigned long va)
{
	pteval_t *tab = t->mm->pgd, *e;
	enum pg_level l;

	BUG_ON(va >= TASK_SIZE_MAX);
	for (l = PG_LEVEL_512G; l > PG_LEVEL_4K; l--) {
		e = &tab[pt_index(va, l)];
		if (!pt_entry_present(*e)) {
			tab = pt_txn_link_table(t, e);
			t->mm->pgtables++;
		} else {
			tab = user_table(*e);
		}
	}
	return &tab[pt_index(va, PG_LEVEL_4K)];
}

static bool user_table_empty(const pteval_t *tab)
{
	unsigned int i;

	for (i = 0; i < PTRS_PER_TABLE; i++)
		if (tab[i])
			return false;
	return true;
}

/*
 * Unlink the tables under @tab's entries for [start, end) that are empty
 * (after their own empty tables went); @level is @tab's entries' level.
 */
static void prune(struct pt_txn *t, pteval_t *tab, enum pg_level level,
		  unsigned long start, unsigned long end)
{
	unsigned long size = pt_level_size(level), va, next;
	pteval_t *e;

	for (va = start; va < end; va = next) {
		next = min(ALIGN_DOWN(va, size) + size, end);
		e = &tab[pt_index(va, level)];
		if (!pt_entry_present(*e))
			continue;
		if (level > PG_LEVEL_2M)
			prune(t, user_table(*e), level - 1, va, next);
		if (!user_table_empty(user_table(*e)))
			continue;
		pt_txn_replace_table(t, e, 0, ALIGN_DOWN(va, size), level);
		t->mm->pgtables--;
	}
}

/**
 * user_free_empty_tables() - unlink the empty tables of [start, end)
 * @t: a transaction on the space
 * @start: user address
 * @end: user address, exclusive, at most TASK_SIZE_MAX
 *
 * A table is unlinked when it maps nothing; one that still maps a page
 * of a neighbour outside the range is not empty and stays.  Freed at
 * commit, after the invalidation.
 */
void user_free_empty_tables(struct pt_txn *t, unsigned long start,
			    unsigned long end)
{
	if (start < end)
		prune(t, t->mm->pgd, PG_LEVEL_512G, start, end);
}
