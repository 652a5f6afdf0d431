/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Virtual areas in VMALLOC_START..VMALLOC_END (mm/vmalloc.c), for
 * ioremap() and vmalloc().  An area only reserves addresses; whoever gets
 * it maps it (vmap_range() in asm/pgtable.h) and unmaps it before
 * freeing it.
 */
#ifndef _CACHET_LINUX_VMALLOC_H
#define _CACHET_LINUX_VMALLOC_H

#include <linux/gfp.h>
#include <linux/types.h>
#include <asm/page_cache_mode.h>
#include <asm/page_types.h>

struct page;
struct seq_file;

#define VM_IOREMAP	0x1UL	/* device memory, phys_addr valid */
#define VM_ALLOC	0x2UL	/* vmalloc(): pages[] valid */
#define VM_MEMTYPE	0x4UL	/* ioremap: holds a memtype reservation */
#define VM_IOMAPPED	0x8UL	/* ioremap: mapped, pcm valid */

/* largest alignment get_vm_area() honours: a 2 MiB page for ioremap */
#define VM_AREA_MAX_ALIGN	PMD_SIZE

struct vm_struct {
	struct vm_struct *next;		/* by address; vmap_lock */
	void *addr;
	unsigned long size;		/* guard page included, as in Linux */
	unsigned long flags;		/* VM_* */
	struct page **pages;		/* VM_ALLOC */
	unsigned int nr_pages;		/* VM_ALLOC */
	phys_addr_t phys_addr;		/* VM_IOREMAP: first byte mapped */
	unsigned long caller;		/* who asked, for vmallocinfo */
	const char *driver;		/* VM_IOREMAP: with caller, the memtype owner */
	/* VM_IOMAPPED: the mode the entries select, for pat_memtype_owners */
	enum page_cache_mode pcm;
};

/* bytes usable in @area: its size without the guard page */
static inline size_t get_vm_area_size(const struct vm_struct *area)
{
	return area->size - PAGE_SIZE;
}

struct vm_struct *get_vm_area(unsigned long size, unsigned long align,
			      unsigned long flags);
struct vm_struct *get_vm_area_caller(unsigned long size, unsigned long align,
				     unsigned long flags, unsigned long caller);
struct vm_struct *find_vm_area(const void *addr);
struct vm_struct *remove_vm_area(const void *addr);
void free_vm_area(struct vm_struct *area);

void *vmalloc(unsigned long size);
void *vzalloc(unsigned long size);
void vfree(const void *addr);

/* mm/util.c: kmalloc() when a block is there, else vmalloc() */
void *kvmalloc(size_t size, gfp_t gfp);
void *kvzalloc(size_t size, gfp_t gfp);
void kvfree(const void *addr);
bool is_vmalloc_addr(const void *x);

/*
 * Call @fn on every area in address order, with vmap_lock held (IRQs
 * off): @fn must not allocate or take other locks.  A non-zero return
 * stops the walk and is returned.
 */
int vm_area_for_each(int (*fn)(const struct vm_struct *area, void *arg),
		     void *arg);
/* pages backing vmalloc() areas, for /proc/meminfo VmallocUsed */
unsigned long vmalloc_nr_pages(void);
/* /proc/vmallocinfo */
int vmallocinfo_show(struct seq_file *m, void *private);

#endif /* _CACHET_LINUX_VMALLOC_H */
