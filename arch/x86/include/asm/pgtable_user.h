/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user half of an address space's page tables (arch/x86/mm/pgd.c,
 * pgtable_user.c; the rules in Documentation/mm/process_addrspace.rst).
 *
 * A user entry is one of:
 *  - 0: nothing mapped;
 *  - present: _PAGE_USER, NX unless the VMA is executable, WB, RW only
 *    when a write may go straight to the page (a shared mapping, or a
 *    private page this space alone holds);
 *  - PROT_NONE: not present, _PAGE_PROTNONE set, frame kept (Linux's
 *    trick: bit 8 is G when present and free when not), so mprotect()
 *    back to an accessible protection finds the data where it was.
 * Upper-level user entries are _PAGE_TABLE | _PAGE_USER: the leaf decides.
 */
#ifndef _ASM_X86_PGTABLE_USER_H
#define _ASM_X86_PGTABLE_USER_H

#include <linux/types.h>
#include <asm/pgtable_types.h>

struct mm_struct;
struct pt_txn;

#define _PAGE_PROTNONE	_PAGE_GLOBAL	/* only while not present */

#define USER_PGD_PTRS	256		/* entries 0..255: the user half */
#define KERNEL_PGD_PTRS	256
/* the end of what the user half's tables can map */
#define USER_PT_END	(1UL << 47)

static inline bool user_pte_none(pteval_t v)
{
	return !v;
}

/* does the entry hold a page (present, or PROT_NONE)? */
static inline bool user_pte_has_page(pteval_t v)
{
	return v & (_PAGE_PRESENT | _PAGE_PROTNONE);
}

/* the pgd of a new space: the kernel half copied from init_pgd */
int pgd_alloc(struct mm_struct *mm);
void pgd_free(struct mm_struct *mm);
/* boot: populate every top-level kernel entry the kernel may ever use */
void pgd_prepopulate_kernel_half(void);
/* the transaction code, before it links a table into a kernel entry */
void pgd_kernel_half_check_link(const pteval_t *e);

/*
 * Walks of mm's user tables.  The caller holds mm->mmap_lock, under
 * which alone they change; changes go through a transaction on mm.
 */
pteval_t *user_pte_lookup(struct mm_struct *mm, unsigned long va);
unsigned int user_pte_tables_needed(struct mm_struct *mm, unsigned long va);
pteval_t *user_pte_alloc(struct pt_txn *t, unsigned long va);
void user_free_empty_tables(struct pt_txn *t, unsigned long start,
			    unsigned long end);

#endif /* _ASM_X86_PGTABLE_USER_H */
