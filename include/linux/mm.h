/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Page frames and their struct pages (mm/page_alloc.c).  mem_map covers
 * pfn 0 .. max_pfn - 1, i.e. every frame up to the end of RAM; frames that
 * are not RAM have a struct page marked PG_reserved, so pfn_valid() says
 * "has a struct page", not "is RAM" (ask e820__is_ram() for that).
 */
#ifndef _CACHET_LINUX_MM_H
#define _CACHET_LINUX_MM_H

#include <linux/gfp.h>
#include <linux/err.h>
#include <linux/mm_types.h>
#include <linux/resource.h>
#include <asm/page.h>

extern struct page *mem_map;
extern unsigned long max_pfn;

static inline bool pfn_valid(unsigned long pfn)
{
	return pfn < max_pfn;
}

static inline struct page *pfn_to_page(unsigned long pfn)
{
	return mem_map + pfn;
}

static inline unsigned long page_to_pfn(const struct page *page)
{
	return (unsigned long)(page - mem_map);
}

static inline phys_addr_t page_to_phys(const struct page *page)
{
	return PFN_PHYS(page_to_pfn(page));
}

/* only for direct-map addresses (kmalloc, __get_free_pages, __va) */
static inline struct page *virt_to_page(const void *addr)
{
	return pfn_to_page(PHYS_PFN(__pa(addr)));
}

static inline void *page_address(const struct page *page)
{
	return __va(page_to_phys(page));
}

static inline bool page_flag(const struct page *page, enum pageflags f)
{
	return page->flags & (1UL << f);
}

static inline void set_page_flag(struct page *page, enum pageflags f)
{
	page->flags |= 1UL << f;
}

static inline void clear_page_flag(struct page *page, enum pageflags f)
{
	page->flags &= ~(1UL << f);
}

#define PageReserved(p)	page_flag(p, PG_reserved)
#define PageBuddy(p)	page_flag(p, PG_buddy)
#define PageSlab(p)	page_flag(p, PG_slab)

/*
 * References to a page mapped into user space (Linux's names).  The
 * allocator's count: alloc_pages() gives 1, the last put_page() frees.
 * Atomic, because two address spaces sharing a page after fork() drop
 * their references under different locks.
 */
static inline void get_page(struct page *page)
{
	__atomic_fetch_add(&page->refcount, 1, __ATOMIC_RELAXED);
}

static inline int page_count(const struct page *page)
{
	return __atomic_load_n(&page->refcount, __ATOMIC_ACQUIRE);
}

static inline void put_page(struct page *page)
{
	__free_page(page);
}

/* vm_flags (Linux 6.1's values) */
#define VM_NONE		0x00000000UL
#define VM_READ		0x00000001UL
#define VM_WRITE	0x00000002UL
#define VM_EXEC		0x00000004UL
#define VM_SHARED	0x00000008UL
#define VM_MAYREAD	0x00000010UL	/* what mprotect() may turn on */
#define VM_MAYWRITE	0x00000020UL
#define VM_MAYEXEC	0x00000040UL
#define VM_MAYSHARE	0x00000080UL
#define VM_GROWSDOWN	0x00000100UL	/* a stack: grows down on faults */
#define VM_PFNMAP	0x00000400UL	/* raw frames, no struct page use */
#define VM_LOCKED	0x00002000UL
#define VM_IO		0x00004000UL	/* device memory */
#define VM_DONTCOPY	0x00020000UL	/* not inherited by fork() */
#define VM_DONTEXPAND	0x00040000UL	/* mremap() cannot grow it */
#define VM_ACCOUNT	0x00100000UL
#define VM_NORESERVE	0x00200000UL
#define VM_DONTDUMP	0x04000000UL

#define VM_STACK	VM_GROWSDOWN
#define VM_ACCESS_FLAGS	(VM_READ | VM_WRITE | VM_EXEC)

/* vm_fault.flags (Linux's FAULT_FLAG_*) */
#define FAULT_FLAG_WRITE	0x01
#define FAULT_FLAG_USER		0x40
#define FAULT_FLAG_INSTRUCTION	0x100

/* handle_mm_fault()'s result bits (Linux 6.1's VM_FAULT_*) */
#define VM_FAULT_OOM		0x000001
#define VM_FAULT_SIGBUS		0x000002
#define VM_FAULT_MAJOR		0x000004
#define VM_FAULT_SIGSEGV	0x000040
#define VM_FAULT_NOPAGE		0x000100
#define VM_FAULT_ERROR	(VM_FAULT_OOM | VM_FAULT_SIGBUS | VM_FAULT_SIGSEGV)

/* how far exec moves the stack's top down at most: Linux's 16 GiB */
#define STACK_RND_MAX		(((1UL << 22) - 1) << PAGE_SHIFT)
/* how far exec moves mmap_base down at most: Linux's mmap_rnd_bits 28 */
#define MMAP_RND_MAX		(((1UL << 28) - 1) << PAGE_SHIFT)

/* Linux's default stack_guard_gap: 256 pages below a stack VMA */
#define STACK_GUARD_GAP		(256UL << PAGE_SHIFT)

/*
 * User address spaces (mm/mmap.c, memory.c, mprotect.c, mremap.c,
 * madvise.c, mm_dup.c; Documentation/mm/process_addrspace.rst).  The
 * operations return Linux's errno values; those returning an address
 * return a negative errno cast to unsigned long on failure
 * (IS_ERR_VALUE()).  Each takes mm->mmap_lock itself, except
 * handle_mm_fault() and expand_stack(), whose callers hold it.
 */
#define offset_in_page(p)	((unsigned long)(p) & ~PAGE_MASK)

/* Debian's vm.mmap_min_addr: nothing is mapped below it */
#define MMAP_MIN_ADDR		65536UL
/* Linux's default vm.max_map_count */
#define DEFAULT_MAX_MAP_COUNT	65530

void mmap_write_lock(struct mm_struct *mm);
void mmap_write_unlock(struct mm_struct *mm);
bool mmap_lock_held_here(struct mm_struct *mm);

struct vm_area_struct *find_vma(struct mm_struct *mm, unsigned long addr);
struct vm_area_struct *find_vma_intersection(struct mm_struct *mm,
					     unsigned long start,
					     unsigned long end);
pgprot_t vm_get_page_prot(unsigned long vm_flags);

/*
 * Linux's vm_pgprot_modify(): the protection of @vm_flags with the cache
 * mode of @oldprot, which a mapping keeps for life (a raw-frame mapping
 * reserved its mode when it was made: mm/pfnmap.c).
 */
static inline pgprot_t vm_pgprot_modify(pgprot_t oldprot,
					unsigned long vm_flags)
{
	return __pgprot((pgprot_val(vm_get_page_prot(vm_flags)) &
			 ~_PAGE_CACHE_MASK) |
			(pgprot_val(oldprot) & _PAGE_CACHE_MASK));
}
int expand_stack(struct vm_area_struct *vma, unsigned long address);
unsigned int handle_mm_fault(struct vm_area_struct *vma,
			     unsigned long address, unsigned int flags);

unsigned long do_mmap(struct mm_struct *mm, struct file *file,
		      unsigned long addr, unsigned long len,
		      unsigned long prot, unsigned long flags,
		      unsigned long pgoff);
int do_munmap(struct mm_struct *mm, unsigned long start, unsigned long len);
int do_mprotect(struct mm_struct *mm, unsigned long start, unsigned long len,
		unsigned long prot);
unsigned long do_brk(struct mm_struct *mm, unsigned long brk);
int vm_brk_flags(struct mm_struct *mm, unsigned long addr, unsigned long len,
		 unsigned long flags);
unsigned long do_mremap(struct mm_struct *mm, unsigned long addr,
			unsigned long old_len, unsigned long new_len,
			unsigned long flags, unsigned long new_addr);
int do_madvise(struct mm_struct *mm, unsigned long start, size_t len,
	       int behavior);
int copy_to_mm(struct mm_struct *mm, unsigned long addr, const void *src,
	       unsigned long n);
unsigned long copy_from_mm(struct mm_struct *mm, unsigned long addr,
			   void *dst, unsigned long n);
int vm_map_bytes(struct mm_struct *mm, unsigned long addr, unsigned long len,
		 unsigned long prot, const void *src, unsigned long n);

/*
 * The VFS's part of mmap() of a file (mm/filemap.c): Linux's checks of
 * the file against the mapping, then its ->mmap() (Linux's call_mmap()),
 * which sets up @vma, normally with vm_ops whose fault() supplies the
 * file's pages and whose open() and close() are filemap_vma_open() and
 * filemap_vma_close(), so that every VMA holds a reference to its file.
 */
int mmap_file_vm_flags(struct file *file, unsigned long flags,
		       unsigned long pgoff, unsigned long len,
		       unsigned long *vm_flags);
int call_mmap(struct file *file, struct vm_area_struct *vma);
void filemap_vma_open(struct vm_area_struct *vma);
void filemap_vma_close(struct vm_area_struct *vma);
/* a shared mapping of /dev/zero becomes shared anonymous memory */
int shmem_zero_setup(struct vm_area_struct *vma);

/*
 * Raw page frames mapped into user space (mm/pfnmap.c; their cache mode
 * is PAT's: asm/pfnmap.h, Documentation/x86/pat.rst "User mappings").
 * The fault-time calls return VM_FAULT_* codes (Linux's vm_fault_t).
 */
int remap_pfn_range(struct vm_area_struct *vma, unsigned long addr,
		    unsigned long pfn, unsigned long size, pgprot_t prot);
int io_remap_pfn_range(struct vm_area_struct *vma, unsigned long addr,
		       unsigned long pfn, unsigned long size, pgprot_t prot);
unsigned int vmf_insert_pfn_prot(struct vm_area_struct *vma,
				 unsigned long addr, unsigned long pfn,
				 pgprot_t pgprot);
unsigned int vmf_insert_pfn(struct vm_area_struct *vma, unsigned long addr,
			    unsigned long pfn);

/* Linux's get_order() */
static inline unsigned int get_order(unsigned long size)
{
	return buddy_order_for_size(size, PAGE_SHIFT);
}

/* hand a page reserved at boot (memblock) over to the buddy allocator */
void free_reserved_page(struct page *page);

/* build the struct page array and the buddy allocator; after paging_init */
void mem_init(void);
/* /proc/meminfo and /proc/vmallocinfo; after vfile_init() */
void mm_proc_init(void);

#endif /* _CACHET_LINUX_MM_H */
