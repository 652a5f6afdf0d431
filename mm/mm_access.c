// SPDX-License-Identifier: GPL-2.0
/*
 * Writing into and reading from an address space that need not be the
 * one loaded: exec fills the new space's segments and stack before it
 * switches to it, and /proc/<pid>/ reads another process's argv and
 * environment (Linux's access_remote_vm()).
 * Like Linux's access_remote_vm() with FOLL_FORCE, a write into a private
 * read-only mapping makes the page the space's own copy without making
 * it writable (a program's text); shared read-only mappings are refused.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/mman.h>
#include <linux/string.h>
#include <asm/pgtable_user.h>
#include "internal.h"

/* the page at @addr, made this space's own for writing, or NULL */
static struct page *page_for_write(struct mm_struct *mm, unsigned long addr,
				   int *err)
{
	struct vm_area_struct *vma = find_vma(mm, addr);
	unsigned int ret;
	pteval_t *e;

	*err = -EFAULT;
	if (!vma || vma->vm_start > addr ||
	    (vma->vm_flags & (VM_PFNMAP | VM_IO)) ||
	    ((vma->vm_flags & VM_SHARED) && !(vma->vm_flags & VM_WRITE)))
		return NULL;
	ret = handle_mm_fault(vma, addr, FAULT_FLAG_WRITE);
	if (ret & VM_FAULT_ERROR) {
		*err = ret & VM_FAULT_OOM ? -ENOMEM : -EFAULT;
		return NULL;
	}
	e = user_pte_lookup(mm, addr);
	if (!e || !(*e & _PAGE_PRESENT))
		return NULL;
	return pfn_to_page(PHYS_PFN(*e & PTE_PFN_MASK));
}

/**
 * copy_to_mm() - copy @n bytes from the kernel's @src to @addr in @mm
 * @mm: the space, loaded on this CPU or not
 * @addr: user address
 * @src: kernel buffer
 * @n: bytes
 *
 * Faults the pages in as writes (see above).  Returns 0, -EFAULT where
 * no suitable mapping is, or -ENOMEM; bytes before the failing page are
 * written.
 */
int copy_to_mm(struct mm_struct *mm, unsigned long addr, const void *src,
	       unsigned long n)
{
	unsigned long off, chunk;
	struct page *page;
	int err = 0;

	if (n > mm->task_size || addr > mm->task_size - n)
		return -EFAULT;
	mmap_write_lock(mm);
	while (n) {
		page = page_for_write(mm, addr & PAGE_MASK, &err);
		if (!page)
			break;
		off = offset_in_page(addr);
		chunk = min(n, PAGE_SIZE - off);
		memcpy((u8 *)page_address(page) + off, src, chunk);
		src = (const u8 *)src + chunk;
		addr += chunk;
		n -= chunk;
		err = 0;
	}
	mmap_write_unlock(mm);
	return err;
}

/* the page at @addr present for reading, or NULL */
static struct page *page_for_read(struct mm_struct *mm, unsigned long addr)
{
	struct vm_area_struct *vma = find_vma(mm, addr);
	pteval_t *e;

	/* Linux's FOLL_FORCE read: what mprotect() could make readable */
	if (!vma || vma->vm_start > addr ||
	    (vma->vm_flags & (VM_PFNMAP | VM_IO)) ||
	    !(vma->vm_flags & (VM_READ | VM_MAYREAD)))
		return NULL;
	e = user_pte_lookup(mm, addr);
	if (!e || !(*e & _PAGE_PRESENT)) {
		if (handle_mm_fault(vma, addr, 0) & VM_FAULT_ERROR)
			return NULL;
		e = user_pte_lookup(mm, addr);
		if (!e || !(*e & _PAGE_PRESENT))
			return NULL;
	}
	return pfn_to_page(PHYS_PFN(*e & PTE_PFN_MASK));
}

/**
 * copy_from_mm() - copy up to @n bytes at @addr in @mm to the kernel's @dst
 * @mm: the space, loaded on this CPU or not; the caller holds a reference
 * @addr: user address
 * @dst: kernel buffer
 * @n: bytes
 *
 * Faults absent pages in as reads.  Runs under @mm's mmap_lock, a
 * spinlock: @dst must be kernel memory.  Returns the bytes copied,
 * fewer than @n where the readable mappings end.
 */
unsigned long copy_from_mm(struct mm_struct *mm, unsigned long addr,
			   void *dst, unsigned long n)
{
	unsigned long off, chunk, done = 0;
	struct page *page;

	if (n > mm->task_size || addr > mm->task_size - n)
		return 0;
	mmap_write_lock(mm);
	while (done < n) {
		page = page_for_read(mm, addr & PAGE_MASK);
		if (!page)
			break;
		off = offset_in_page(addr);
		chunk = min(n - done, PAGE_SIZE - off);
		memcpy((u8 *)dst + done, (u8 *)page_address(page) + off, chunk);
		addr += chunk;
		done += chunk;
	}
	mmap_write_unlock(mm);
	return done;
}

/**
 * vm_map_bytes() - exec's segment loader: map, then fill from a buffer
 * @mm: the space
 * @addr: page aligned
 * @len: bytes to map, rounded up to pages (anonymous, private)
 * @prot: PROT_* of the mapping
 * @src: the bytes for the start of the range; the rest stays zero
 * @n: how many, at most @len
 *
 * Replaces whatever was mapped there (MAP_FIXED).  Returns 0 or an errno;
 * on error the range may be left mapped, for the caller's failed exec to
 * drop with the whole space.
 */
int vm_map_bytes(struct mm_struct *mm, unsigned long addr, unsigned long len,
		 unsigned long prot, const void *src, unsigned long n)
{
	unsigned long ret;

	if (n > len)
		return -EINVAL;
	ret = do_mmap(mm, NULL, addr, len, prot,
		      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, 0);
	if (IS_ERR_VALUE(ret))
		return (int)ret;
	return n ? copy_to_mm(mm, addr, src, n) : 0;
}
