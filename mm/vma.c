// SPDX-License-Identifier: GPL-2.0
/*
 * The VMAs of an address space: an AVL tree by vm_start for O(log n)
 * lookups (lib/avltree.c) and a list in address order for walks, both
 * under mm->mmap_lock.  VMAs never overlap, so ordering by vm_start also
 * orders by vm_end.
 */
#include <linux/avltree.h>
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <asm/pgtable_user.h>
#include "internal.h"

/**
 * mmap_write_lock() - take @mm's lock (a spinlock: nothing sleeps yet)
 * @mm: the space
 */
void mmap_write_lock(struct mm_struct *mm)
{
	spin_lock(&mm->mmap_lock);
	WRITE_ONCE(mm->mmap_lock_cpu, (int)smp_processor_id());
}

void mmap_write_unlock(struct mm_struct *mm)
{
	WRITE_ONCE(mm->mmap_lock_cpu, -1);
	spin_unlock(&mm->mmap_lock);
}

/* a fault taken while this CPU holds the lock must not wait for it */
bool mmap_lock_held_here(struct mm_struct *mm)
{
	return READ_ONCE(mm->mmap_lock_cpu) == (int)smp_processor_id();
}

static struct vm_area_struct *node_vma(const struct avl_node *n)
{
	return container_of(n, struct vm_area_struct, vm_node);
}

static int vma_cmp(const struct avl_node *a, const struct avl_node *b)
{
	unsigned long x = node_vma(a)->vm_start, y = node_vma(b)->vm_start;

	return x < y ? -1 : x > y;
}

/**
 * find_vma() - the first VMA of @mm ending above @addr, or NULL
 * @mm: the space
 * @addr: user address
 *
 * Linux's semantics: the VMA may begin above @addr.
 */
struct vm_area_struct *find_vma(struct mm_struct *mm, unsigned long addr)
{
	struct avl_node *n = mm->mm_vmas.node;
	struct vm_area_struct *best = NULL, *v;

	while (n) {
		v = node_vma(n);
		if (v->vm_end > addr) {
			best = v;
			if (v->vm_start <= addr)
				break;
			n = n->left;
		} else {
			n = n->right;
		}
	}
	return best;
}

/**
 * find_vma_intersection() - the first VMA overlapping [start, end), or NULL
 * @mm: the space
 * @start: user address
 * @end: exclusive
 */
struct vm_area_struct *find_vma_intersection(struct mm_struct *mm,
					     unsigned long start,
					     unsigned long end)
{
	struct vm_area_struct *v = find_vma(mm, start);

	return v && v->vm_start < end ? v : NULL;
}

struct vm_area_struct *vma_next(struct vm_area_struct *vma)
{
	struct mm_struct *mm = vma->vm_mm;

	if (vma->vm_list.next == &mm->mmap)
		return NULL;
	return list_entry(vma->vm_list.next, struct vm_area_struct, vm_list);
}

struct vm_area_struct *vma_prev(struct vm_area_struct *vma)
{
	struct mm_struct *mm = vma->vm_mm;

	if (vma->vm_list.prev == &mm->mmap)
		return NULL;
	return list_entry(vma->vm_list.prev, struct vm_area_struct, vm_list);
}

unsigned long vm_start_gap(const struct vm_area_struct *vma)
{
	unsigned long start = vma->vm_start;

	if (!(vma->vm_flags & VM_GROWSDOWN))
		return start;
	return start > STACK_GUARD_GAP ? start - STACK_GUARD_GAP : 0;
}

struct vm_area_struct *vma_alloc(void)
{
	return kzalloc(sizeof(struct vm_area_struct), GFP_KERNEL);
}

/* a raw-frame VMA's reservation reference goes with it */
void vma_free(struct vm_area_struct *vma)
{
	if (vma)
		pfnmap_vma_release(vma);
	kfree(vma);
}

/* free unlinked VMAs chained by vm_list, once their entries are gone */
void vma_free_list(struct list_head *list)
{
	struct vm_area_struct *vma, *next;

	list_for_each_entry_safe(vma, next, list, vm_list)
		vma_free(vma);
}

/**
 * vma_link() - add @vma, which overlaps no VMA of @mm, to @mm
 * @mm: the space
 * @vma: the VMA
 */
void vma_link(struct mm_struct *mm, struct vm_area_struct *vma)
{
	struct vm_area_struct *next = find_vma(mm, vma->vm_start);

	BUG_ON(next && next->vm_start < vma->vm_end);
	vma->vm_mm = mm;
	avl_insert(&mm->mm_vmas, &vma->vm_node, vma_cmp);
	list_add_tail(&vma->vm_list, next ? &next->vm_list : &mm->mmap);
	mm->map_count++;
	mm->total_vm += (vma->vm_end - vma->vm_start) >> PAGE_SHIFT;
}

void vma_unlink(struct mm_struct *mm, struct vm_area_struct *vma)
{
	avl_erase(&mm->mm_vmas, &vma->vm_node, vma_cmp);
	list_del(&vma->vm_list);
	mm->map_count--;
	mm->total_vm -= (vma->vm_end - vma->vm_start) >> PAGE_SHIFT;
}

void vma_set_start(struct vm_area_struct *vma, unsigned long start)
{
	struct mm_struct *mm = vma->vm_mm;

	avl_erase(&mm->mm_vmas, &vma->vm_node, vma_cmp);
	mm->total_vm += ((long)vma->vm_start - (long)start) >> PAGE_SHIFT;
	vma->vm_start = start;
	avl_insert(&mm->mm_vmas, &vma->vm_node, vma_cmp);
}

void vma_split_at(struct vm_area_struct *vma, unsigned long addr,
		  struct vm_area_struct *new)
{
	struct mm_struct *mm = vma->vm_mm;

	*new = *vma;
	pfnmap_vma_dup(new);
	new->vm_start = addr;
	new->vm_pgoff += (addr - vma->vm_start) >> PAGE_SHIFT;
	vma->vm_end = addr;
	/* the two halves count as before; vma_link() counts new again */
	mm->total_vm -= (new->vm_end - addr) >> PAGE_SHIFT;
	vma_link(mm, new);
	if (new->vm_ops && new->vm_ops->open)
		new->vm_ops->open(new);
}

/**
 * vm_get_page_prot() - the PTE bits of a page mapped with @vm_flags
 * @vm_flags: VM_READ, VM_WRITE, VM_EXEC, VM_SHARED
 *
 * Linux's x86 protection_map: writable only when shared (a private
 * page becomes writable on its first write fault, when it is known to
 * be this space's alone), NX unless executable, no access at all as a
 * PROT_NONE entry.  Cache mode WB.
 */
pgprot_t vm_get_page_prot(unsigned long vm_flags)
{
	pteval_t v = _PAGE_PRESENT | _PAGE_USER | _PAGE_ACCESSED;

	if (!(vm_flags & VM_ACCESS_FLAGS))
		return __pgprot(_PAGE_PROTNONE | _PAGE_ACCESSED);
	if (!(vm_flags & VM_EXEC))
		v |= _PAGE_NX;
	if ((vm_flags & (VM_WRITE | VM_SHARED)) == (VM_WRITE | VM_SHARED))
		v |= _PAGE_RW;
	return __pgprot(v);
}

/* is every page of [start, end) in some VMA? */
bool range_mapped(struct mm_struct *mm, unsigned long start,
		  unsigned long end)
{
	struct vm_area_struct *vma = find_vma(mm, start);
	unsigned long at = start;

	for (; vma && vma->vm_start <= at && at < end; vma = vma_next(vma))
		at = vma->vm_end;
	return at >= end;
}
