/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct page: one per physical page frame from pfn 0 to the end of RAM,
 * holes and reserved frames included, so pfn_to_page() is an index.  Kept
 * at 40 bytes: with 5 GiB of RAM the array is ~50 MiB.
 *
 * Who owns which field:
 *  - flags, lru, order, refcount: the buddy allocator (zone lock) while
 *    the page is free; the owner after allocation.
 *  - slab_*: mm/slab.c (its class lock) while PG_slab is set.
 *  - pt_gen (sharing slab_*'s room): the unlink generation of a page-table
 *    page (asm/pgtable_txn.h) from its unlink until it is handed out
 *    again, valid while PG_pt_stamped is set, and kept by the buddy
 *    allocator on the head of the free block holding the page.
 *  - memtype, memtype_refs: PAT (arch/x86/mm/pat/memtype_ram.c), for RAM
 *    pages only, written inside a page-table transaction and under the
 *    memtype lock, read under either.  memtype_refs counts the page's
 *    reservations; while it is above zero, memtype is the cache mode they
 *    agreed on (enum page_cache_mode); at zero the page is WB whatever
 *    memtype says.  The allocator never touches them after mem_init(), so
 *    a page's memory type survives free and reallocation exactly as PAT
 *    left it.
 */
#ifndef _CACHET_LINUX_MM_TYPES_H
#define _CACHET_LINUX_MM_TYPES_H

#include <linux/list.h>
#include <linux/types.h>
#include <asm/page_cache_mode.h>
#include <asm/pgtable_types.h>

/* page->flags bits */
enum pageflags {
	PG_reserved,	/* not managed by the buddy allocator */
	PG_buddy,	/* head of a free buddy block; order is valid */
	PG_slab,	/* a kmalloc slab; slab_* are valid */
	PG_head,	/* first page of an allocation of order > 0 */
	PG_large_kmalloc, /* kmalloc() beyond the largest class */
	PG_vmalloc,	/* backs a vmalloc() area */
	PG_pt_stamped,	/* an unlinked page table: pt_gen is valid */
};

struct page {
	unsigned long flags;
	struct list_head lru;	/* buddy free list, or slab partial list */
	int refcount;		/* 0 when free */
	union {
		struct {
			u16 slab_inuse;	/* objects handed out */
			u16 slab_free;	/* offset of the first free object */
		};
		u32 pt_gen;	/* PG_pt_stamped */
	};
	u8 order;		/* buddy block / allocation order */
	u8 slab_class;		/* kmalloc size class index */
	u8 memtype;		/* enum page_cache_mode; memtype lock */
	u8 __pad;
	u16 memtype_refs;	/* reservations; memtype lock */
};

#define SLAB_FREE_NONE	0xffff

/*
 * An address space: the page tables one or more tasks run on.  The
 * kernel half of every pgd is the kernel's own (init_mm); the user half
 * is the space's.  cpu_mask holds the CPUs whose CR3 points at pgd now:
 * switch_mm_irqs_off() (asm/mmu_context.h) sets a CPU's bit before it
 * loads the pgd and clears it after it loads another, so an
 * invalidation of this space's user entries needs to reach only those
 * CPUs.  VMAs, the mm lock and the counters are mm/'s (mm/mmap.c).
 */
struct mm_struct {
	pteval_t *pgd;			/* __va(pgd_phys) */
	phys_addr_t pgd_phys;
	u64 cpu_mask;			/* atomic; see above */
	int users;			/* tasks using it */
};

/* the kernel's own address space: kernel threads and idle tasks run on it */
extern struct mm_struct init_mm;

#endif /* _CACHET_LINUX_MM_TYPES_H */
