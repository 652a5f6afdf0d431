/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kmalloc(): small objects carved from one-page slabs in fixed size
 * classes, larger ones straight from the buddy allocator (mm/slab.c).
 *
 * The classes are part of the interface: the PAT memtype tree accounts
 * its memory with the same table (memtype_tree_alloc_class()).
 */
#ifndef _CACHET_LINUX_SLAB_H
#define _CACHET_LINUX_SLAB_H

#include <linux/gfp.h>
#include <linux/types.h>

#define KMALLOC_NR_CLASSES	12
#define KMALLOC_MIN_SIZE	8
#define KMALLOC_MAX_CACHE_SIZE	4096
/* largest kmalloc(): one top-order buddy block */
#define KMALLOC_MAX_SIZE	(4096UL << MAX_ORDER)

/* what kmalloc(0) returns: not NULL (no failure), faults if touched */
#define ZERO_SIZE_PTR		((void *)16)
#define ZERO_OR_NULL_PTR(x)	((unsigned long)(x) <= (unsigned long)ZERO_SIZE_PTR)

void *kmalloc(size_t size, gfp_t gfp);
void *kzalloc(size_t size, gfp_t gfp);
void *kcalloc(size_t n, size_t size, gfp_t gfp);
void kfree(const void *p);
size_t kmalloc_size_roundup(size_t size);
size_t ksize(const void *p);

struct kmalloc_class_stats {
	unsigned int size;	/* object size */
	unsigned long objects;	/* objects in use */
	unsigned long slabs;	/* pages holding slabs */
};

/* 0, or -EINVAL when @idx >= KMALLOC_NR_CLASSES */
int kmalloc_class_stats(unsigned int idx, struct kmalloc_class_stats *st);
/* pages in slabs, for /proc/meminfo "Slab:" */
unsigned long slab_pages(void);
/* after mem_init() */
void kmalloc_init(void);

/*
 * Linux's failslab, for tests: once @n more kmalloc() calls have
 * succeeded, every one fails until fail_slab_alloc_after(-1).  Its own
 * countdown, apart from fail_page_alloc_after()'s (linux/gfp.h).
 */
void fail_slab_alloc_after(long n);
unsigned long fail_slab_injected(void);

#endif /* _CACHET_LINUX_SLAB_H */
