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

#include <linux/avltree.h>
#include <linux/list.h>
#include <linux/spinlock.h>
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

struct file;
struct mm_struct;
struct pfnmap_track_ctx;
struct vm_area_struct;

/* what a fault handler is told, and hands back (Linux's struct vm_fault) */
struct vm_fault {
	struct vm_area_struct *vma;
	unsigned long address;		/* page-aligned */
	unsigned int flags;		/* FAULT_FLAG_* */
	unsigned long pgoff;		/* page offset of address in the object */
	struct page *page;		/* out: the page, with a reference */
};

/*
 * A mapping's owner (a driver, a file system, shared anonymous memory):
 * open() when a VMA is duplicated or split off, close() when one goes
 * away, fault() to supply the page of an address (VM_FAULT_* result).
 */
struct vm_operations_struct {
	void (*open)(struct vm_area_struct *vma);
	void (*close)(struct vm_area_struct *vma);
	unsigned int (*fault)(struct vm_fault *vmf);
};

/*
 * One range of an address space with one protection and one backing:
 * [vm_start, vm_end), page aligned.  In its mm's tree (vm_node, by
 * vm_start) and address-ordered list (vm_list), under mm->mmap_lock.
 */
struct vm_area_struct {
	unsigned long vm_start;
	unsigned long vm_end;		/* exclusive */
	struct mm_struct *vm_mm;
	pgprot_t vm_page_prot;		/* PTE bits of a page mapped here */
	unsigned long vm_flags;		/* VM_* (linux/mm.h) */
	unsigned long vm_pgoff;		/* offset in vm_file, in pages */
	struct file *vm_file;		/* opaque: the VFS's */
	const struct vm_operations_struct *vm_ops;
	void *vm_private_data;		/* vm_ops's */
	/* a raw-frame mapping's reservation, shared (mm/pfnmap.c) */
	struct pfnmap_track_ctx *pfnmap_track_ctx;
	struct avl_node vm_node;
	struct list_head vm_list;
};

/*
 * An address space: the page tables one or more tasks run on.  The
 * kernel half of every pgd is the kernel's own (init_mm): its top-level
 * entries are all populated at boot and never change afterwards, so
 * mm_alloc() copies them once and kernel mappings never need syncing
 * (Documentation/mm/process_addrspace.rst).  cpu_mask holds the CPUs
 * whose CR3 points at pgd now: switch_mm_irqs_off() (asm/mmu_context.h)
 * sets a CPU's bit before it loads the pgd and clears it after it loads
 * another, so an invalidation of this space's user entries needs to reach
 * only those CPUs.
 *
 * Locks: mmap_lock guards the VMAs and the fields below it;
 * page_table_lock is the page-table transaction's lock for this space
 * (asm/pgtable_txn.h) and is taken inside mmap_lock.
 */
struct mm_struct {
	pteval_t *pgd;			/* __va(pgd_phys) */
	phys_addr_t pgd_phys;
	u64 cpu_mask;			/* atomic; see above */
	int users;			/* tasks using it */

	spinlock_t mmap_lock;
	int mmap_lock_cpu;		/* its holder, or -1: faults check it */
	spinlock_t page_table_lock;
	struct avl_root mm_vmas;	/* by vm_start */
	struct list_head mmap;		/* the same VMAs in address order */
	int map_count;			/* VMAs */
	unsigned long mmap_base;	/* top-down search starts below it */
	unsigned long task_size;	/* user addresses end here */
	unsigned long start_code, end_code, start_data, end_data;
	unsigned long start_brk, brk;	/* the heap: [start_brk, brk) */
	unsigned long start_stack;
	/* the argv and envp strings exec left on the stack (/proc/<pid>/) */
	unsigned long arg_start, arg_end, env_start, env_end;
	unsigned long stack_limit;	/* bytes; RLIMIT_STACK's role */
	unsigned long total_vm;		/* pages mapped by VMAs */
	unsigned long rss;		/* pages present, the zero page excluded */
	unsigned long pgtables;		/* page-table pages below the pgd */
};

/* the kernel's own address space: kernel threads and idle tasks run on it */
extern struct mm_struct init_mm;

#endif /* _CACHET_LINUX_MM_TYPES_H */
