// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/debug/x86/pat_user_ptes: the page-table entries of the
 * reading process's raw-frame mappings (VM_PFNMAP), with the cache mode
 * their PAT bits select.  Linux has no user-visible way to see a user
 * PTE's cache bits; this cachet-only file lets the in-guest selftests
 * check that a mapping's entries carry the type its reservation was
 * granted (tools/testing/selftests/pat/umap_types.c skips the check on
 * Linux).  One line per run of present entries with consecutive frames
 * and one mode:
 *
 *	0xVSTART-0xVEND pfn 0xPFN MODE
 *
 * VEND exclusive, MODE cattr_name()'s.  Pages not faulted in yet (fault
 * handlers) do not show.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/sched.h>
#include <linux/vfile.h>
#include <asm/page_cache_mode.h>
#include <asm/pgtable_types.h>
#include <asm/pgtable_user.h>
#include "memtype.h"

struct pte_run {
	unsigned long start, end, pfn;
	enum page_cache_mode pcm;
};

static void pte_run_flush(struct seq_file *m, struct pte_run *r)
{
	if (r->end > r->start)
		seq_printf(m, "%#lx-%#lx pfn %#lx %s\n", r->start, r->end,
			   r->pfn, cattr_name(r->pcm));
	r->start = r->end = 0;
}

/* add the entry at @va to @r, or print @r and start another */
static void pte_run_add(struct seq_file *m, struct pte_run *r,
			unsigned long va, pteval_t v)
{
	unsigned long pfn = (v & PTE_PFN_MASK) >> PAGE_SHIFT;
	enum page_cache_mode pcm = pgprot2cachemode(v);

	if (r->end == va && r->end > r->start && pcm == r->pcm &&
	    pfn == r->pfn + ((va - r->start) >> PAGE_SHIFT)) {
		r->end += PAGE_SIZE;
		return;
	}
	pte_run_flush(m, r);
	r->start = va;
	r->end = va + PAGE_SIZE;
	r->pfn = pfn;
	r->pcm = pcm;
}

static int user_ptes_show(struct seq_file *m, void *private)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	struct pte_run r = { 0 };
	unsigned long va;

	if (!mm)
		return 0;
	mmap_write_lock(mm);
	list_for_each_entry(vma, &mm->mmap, vm_list) {
		if (!(vma->vm_flags & VM_PFNMAP))
			continue;
		for (va = vma->vm_start; va < vma->vm_end; va += PAGE_SIZE) {
			pteval_t *pte = user_pte_lookup(mm, va);

			if (pte && (*pte & _PAGE_PRESENT))
				pte_run_add(m, &r, va, *pte);
		}
	}
	pte_run_flush(m, &r);
	mmap_write_unlock(mm);
	return 0;
}

/* with pat_memtype_list: only while PAT is on */
void pat_user_ptes_debugfs_init(void)
{
	debugfs_create_file("x86/pat_user_ptes", user_ptes_show, NULL);
}
