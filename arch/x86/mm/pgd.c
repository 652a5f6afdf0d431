// SPDX-License-Identifier: GPL-2.0
/*
 * Top-level page tables of user address spaces, and the rule that keeps
 * their kernel halves right without ever copying again:
 *
 *   Every top-level entry of the kernel half the kernel may ever use is
 *   populated at boot, before the first user space exists: the direct
 *   map's (RAM does not change after boot), the vmalloc/ioremap area's
 *   (pgd_prepopulate_kernel_half(), one empty table per 512 GiB) and the
 *   image's and fixmap's.  Later kernel mappings change lower tables
 *   only, which every pgd shares.
 *
 * It is checked twice: a page-table transaction that would link a table
 * into an absent top-level kernel entry once user spaces exist panics,
 * and every pgd_alloc() and pgd_free() compares init_pgd's kernel half
 * with the copy taken when the first space was made.
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/string.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/pgtable_user.h>

/* init_pgd's kernel half as the first user space saw it */
static pteval_t kernel_half[KERNEL_PGD_PTRS];
static bool kernel_half_frozen;

/**
 * pgd_prepopulate_kernel_half() - give every vmalloc-area slot a table
 *
 * From paging_init(), while the tables are built: the vmalloc area is
 * the only part of the kernel half that gains mappings after boot.
 */
void pgd_prepopulate_kernel_half(void)
{
	pteval_t *pgd = pt_virt(init_pgd_phys);
	unsigned long va;
	phys_addr_t p;

	for (va = VMALLOC_START; va - 1 < VMALLOC_END;
	     va += pt_level_size(PG_LEVEL_512G)) {
		pteval_t *e = &pgd[pt_index(va, PG_LEVEL_512G)];

		if (pt_entry_present(*e))
			continue;
		p = pgtable_alloc_page();
		if (!p)
			panic("paging: out of memory for the vmalloc area's tables");
		*e = p | _PAGE_TABLE;
	}
}

static bool pgd_is_kernel_entry(const pteval_t *e)
{
	const pteval_t *pgd = init_pgd;

	return pgd && e >= pgd + USER_PGD_PTRS && e < pgd + PTRS_PER_TABLE;
}

/**
 * pgd_kernel_half_check_link() - refuse a new top-level kernel entry
 * @e: the entry a kernel transaction is about to link a table into
 */
void pgd_kernel_half_check_link(const pteval_t *e)
{
	if (READ_ONCE(kernel_half_frozen) && pgd_is_kernel_entry(e))
		panic("pgd: new kernel top-level entry %ld after user spaces exist",
		      (long)(e - init_pgd));
}

static void pgd_check_kernel_half(void)
{
	unsigned int i;

	for (i = 0; i < KERNEL_PGD_PTRS; i++)
		if ((init_pgd[USER_PGD_PTRS + i] ^ kernel_half[i]) &
		    ~_PAGE_ACCESSED)
			panic("pgd: kernel top-level entry %u changed after user spaces exist",
			      USER_PGD_PTRS + i);
}

/**
 * pgd_alloc() - a top-level table for @mm
 * @mm: the new space
 *
 * The user half empty, the kernel half init_pgd's.  Returns 0 or -ENOMEM.
 */
int pgd_alloc(struct mm_struct *mm)
{
	phys_addr_t p = pgtable_alloc_page();

	if (!p)
		return -ENOMEM;
	if (!READ_ONCE(kernel_half_frozen)) {
		memcpy(kernel_half, init_pgd + USER_PGD_PTRS,
		       sizeof(kernel_half));
		WRITE_ONCE(kernel_half_frozen, true);
	}
	pgd_check_kernel_half();
	mm->pgd_phys = p;
	mm->pgd = __va(p);
	memcpy(mm->pgd + USER_PGD_PTRS, kernel_half, sizeof(kernel_half));
	return 0;
}

/**
 * pgd_free() - give back @mm's top-level table
 * @mm: a space whose user half is empty and that no CPU runs
 */
void pgd_free(struct mm_struct *mm)
{
	unsigned int i;

	for (i = 0; i < USER_PGD_PTRS; i++)
		BUG_ON(mm->pgd[i]);
	pgd_check_kernel_half();
	pgtable_free_page(mm->pgd_phys);
	mm->pgd = NULL;
	mm->pgd_phys = 0;
}
