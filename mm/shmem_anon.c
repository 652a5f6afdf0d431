// SPDX-License-Identifier: GPL-2.0
/*
 * Shared anonymous memory (mmap(MAP_SHARED | MAP_ANONYMOUS)): one object
 * holding the pages, by page offset, that every VMA made from the first
 * one (by fork() or a split) maps, so a write through any of them is seen
 * through all.  Linux backs these with shmem files; this is the part of
 * that they need, behind the same vm_ops interface a file uses.
 *
 * The object is sized at mmap(); a fault beyond it (after mremap() grew
 * the VMA) gets SIGBUS, as a shmem file's end does.
 */
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/vmalloc.h>
#include "internal.h"

struct shmem_anon {
	int refs;			/* VMAs using it */
	spinlock_t lock;		/* pages[]: VMAs of several spaces */
	unsigned long nr_pages;
	struct page **pages;
};

static void shmem_anon_open(struct vm_area_struct *vma)
{
	struct shmem_anon *s = vma->vm_private_data;

	__atomic_fetch_add(&s->refs, 1, __ATOMIC_RELAXED);
}

static void shmem_anon_close(struct vm_area_struct *vma)
{
	struct shmem_anon *s = vma->vm_private_data;
	unsigned long i;

	if (__atomic_sub_fetch(&s->refs, 1, __ATOMIC_ACQ_REL))
		return;
	for (i = 0; i < s->nr_pages; i++)
		if (s->pages[i])
			put_page(s->pages[i]);
	vfree(s->pages);
	kfree(s);
}

static unsigned int shmem_anon_fault(struct vm_fault *vmf)
{
	struct shmem_anon *s = vmf->vma->vm_private_data;
	struct page *page, *fresh = NULL;
	unsigned long i = vmf->pgoff;

	if (i >= s->nr_pages)
		return VM_FAULT_SIGBUS;
	if (!READ_ONCE(s->pages[i])) {
		fresh = alloc_page(GFP_KERNEL | __GFP_ZERO | __GFP_NOWARN);
		if (!fresh)
			return VM_FAULT_OOM;
	}
	spin_lock(&s->lock);
	if (!s->pages[i]) {
		s->pages[i] = fresh;
		fresh = NULL;
	}
	page = s->pages[i];
	get_page(page);
	spin_unlock(&s->lock);
	if (fresh)
		put_page(fresh);	/* another space filled it first */
	vmf->page = page;
	return 0;
}

static const struct vm_operations_struct shmem_anon_vm_ops = {
	.open = shmem_anon_open,
	.close = shmem_anon_close,
	.fault = shmem_anon_fault,
};

/**
 * shmem_anon_setup() - back the shared anonymous @vma with a new object
 * @vma: [vm_start, vm_end) set; vm_pgoff becomes 0
 *
 * Returns 0 or -ENOMEM.
 */
int shmem_anon_setup(struct vm_area_struct *vma)
{
	struct shmem_anon *s = kzalloc(sizeof(*s), GFP_KERNEL);

	if (!s)
		return -ENOMEM;
	s->nr_pages = (vma->vm_end - vma->vm_start) >> PAGE_SHIFT;
	s->pages = vzalloc(s->nr_pages * sizeof(struct page *));
	if (!s->pages) {
		kfree(s);
		return -ENOMEM;
	}
	s->refs = 1;
	spin_lock_init(&s->lock);
	vma->vm_pgoff = 0;
	vma->vm_private_data = s;
	vma->vm_ops = &shmem_anon_vm_ops;
	return 0;
}
