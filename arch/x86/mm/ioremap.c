// SPDX-License-Identifier: GPL-2.0
/*
 * ioremap: map physical MMIO (or firmware tables) into the ioremap area
 * with a given cache mode.  One worker, __ioremap_caller(), behind thin
 * wrappers, in three steps with undo on failure:
 *
 *   1. ask once what the range is (memtype_classify()): RAM, or RAM mixed
 *      with non-RAM, is refused (RAM already has its direct-map alias, so
 *      a second mapping could only disagree with it); the legacy ISA range
 *      is untracked and mapped WB, its MTRRs deciding the type, as Linux
 *      does; anything else has its cache mode reserved in the memtype
 *      tree, accepting an existing compatible mode but never a less
 *      strict one;
 *   2. find virtual space (a VM_IOREMAP area, 2 MiB aligned when the
 *      physical range allows 2 MiB pages);
 *   3. map it (vmap_range(), one page-table transaction).  No other kernel
 *      mapping of the range needs changing: only RAM has one, and RAM was
 *      refused in step 1.
 *
 * The area remembers the physical range, whether a reservation was made,
 * and the owner it was made for (the caller and the current driver), so
 * iounmap() can free exactly what was reserved, its own entry even when
 * another owner holds the same range, and refuse what ioremap did not
 * return; and the mode its entries select, for pat_memtype_owners, which
 * with PAT off lists the mapped areas (nothing is reserved then).
 */
#define pr_fmt(fmt) fmt

#include <linux/bug.h>
#include <linux/e820.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <asm/io.h>
#include <asm/page.h>
#include <asm/pat.h>
#include <asm/page_cache_mode.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include "pat/memtype.h"

/*
 * A mode granted instead of the one asked for must be at least as strict.
 * Linux 6.1 refuses four downgrades (UC-, WC or WT granted WB; WT granted
 * WC); cachet also refuses UC granted WB, which Linux lets through, and WC
 * over a range someone mapped UC: ioremap_uc() says "this must never be
 * combined", so a second user that wants combining has the wrong device
 * or the wrong idea, and silently getting UC would hide that.
 */
static bool ioremap_mode_allowed(enum page_cache_mode want,
				 enum page_cache_mode got)
{
	if (got == _PAGE_CACHE_MODE_WB)
		return want == _PAGE_CACHE_MODE_WB;
	if (want == _PAGE_CACHE_MODE_WT && got == _PAGE_CACHE_MODE_WC)
		return false;
	if (want == _PAGE_CACHE_MODE_WC && got == _PAGE_CACHE_MODE_UC)
		return false;
	return true;
}

static bool ioremap_range_valid(resource_size_t phys, unsigned long size)
{
	u64 last = phys + size - 1;

	return size && last >= phys &&
	       last < (1ULL << boot_cpu_data.x86_phys_bits);
}

/* @holder: the entry whose mode the reservation adopted */
static void ioremap_warn_weaker(u64 start, u64 end, enum page_cache_mode want,
				enum page_cache_mode got,
				const struct memtype_tree_entry *holder)
{
	if (holder->end > holder->start)
		pr_warn("ioremap: [mem %#010llx-%#010llx] requested %s, got %s: [mem %#010llx-%#010llx] is held %s by %pS%s%s%s\n",
			(unsigned long long)start, (unsigned long long)end - 1,
			cattr_name(want), cattr_name(got),
			(unsigned long long)holder->start,
			(unsigned long long)holder->end - 1,
			cattr_name(holder->mode), (void *)holder->owner.caller,
			holder->owner.driver ? " (" : "",
			holder->owner.driver ?: "",
			holder->owner.driver ? ")" : "");
	else
		pr_warn("ioremap: [mem %#010llx-%#010llx] requested %s, got %s\n",
			(unsigned long long)start, (unsigned long long)end - 1,
			cattr_name(want), cattr_name(got));
}

/* step 1: the mode to map with, reserved if the range is tracked */
static int ioremap_reserve(u64 start, u64 end, enum page_cache_mode *pcm,
			   unsigned long caller, bool *tracked)
{
	struct memtype_owner owner = { caller, current->driver };
	struct memtype_tree_entry holder = { 0 };
	enum memtype_kind kind = memtype_classify(start, end);
	enum page_cache_mode new_pcm;
	int err;

	*tracked = false;
	if (kind == MEMTYPE_RAM || kind == MEMTYPE_MIXED) {
		pr_err("ioremap on RAM at %#010llx - %#010llx refused: use the direct map or memremap()\n",
		       (unsigned long long)start, (unsigned long long)end - 1);
		return -EINVAL;
	}
	err = memtype_reserve_kind(start, end, kind, *pcm, MEMTYPE_OWNED,
				   &new_pcm, caller, &holder);
	if (err) {
		pr_err("ioremap memtype_reserve failed %d\n", err);
		return err;
	}
	*tracked = pat_enabled() && kind == MEMTYPE_IO;
	if (new_pcm == *pcm)
		return 0;
	/* the untracked ISA range is WB in the page tables, as in Linux */
	if (kind == MEMTYPE_IO && !ioremap_mode_allowed(*pcm, new_pcm)) {
		pr_err("ioremap error for 0x%llx-0x%llx, requested 0x%x, got 0x%x\n",
		       (unsigned long long)start, (unsigned long long)end,
		       *pcm, new_pcm);
		memtype_free_io_owner(start, end, &owner);
		return -EBUSY;
	}
	if (kind == MEMTYPE_IO)
		ioremap_warn_weaker(start, end, *pcm, new_pcm, &holder);
	*pcm = new_pcm;
	return 0;
}

/*
 * Step 3 done: record the mode the entries select, which with PAT off is
 * not always the one asked (the power-on layout has no WC: UC- instead),
 * then mark the area mapped for pat_memtype_owners, which lists it only
 * from then on (it reads under vmap_lock, which ioremap does not take).
 */
static void ioremap_publish(struct vm_struct *area, pgprot_t prot)
{
	area->pcm = pgprot2cachemode(pgprot_val(prot));
	/* x86 keeps stores in order: only the compiler could move the flag */
	barrier();
	WRITE_ONCE(area->flags, area->flags | VM_IOMAPPED);
}

/* the mapping, or NULL with the reason in *@err */
static void __iomem *__ioremap_err(resource_size_t phys_addr,
				   unsigned long size, enum page_cache_mode pcm,
				   unsigned long caller, int *err)
{
	unsigned long offset, align;
	struct vm_struct *area;
	u64 start, end;
	pgprot_t prot;
	bool tracked;

	if (!ioremap_range_valid(phys_addr, size)) {
		pr_err("ioremap: invalid physical range %#llx+%#lx\n",
		       (unsigned long long)phys_addr, size);
		*err = -EINVAL;
		return NULL;
	}
	start = phys_addr & PAGE_MASK;
	end = PAGE_ALIGN(phys_addr + size);
	offset = phys_addr - start;
	*err = ioremap_reserve(start, end, &pcm, caller, &tracked);
	if (*err)
		return NULL;

	align = IS_ALIGNED(start, PMD_SIZE) && end - start >= PMD_SIZE ?
		PMD_SIZE : PAGE_SIZE;
	*err = -ENOMEM;
	area = get_vm_area_caller(end - start, align, VM_IOREMAP, caller);
	if (!area)
		goto err_free_memtype;
	area->phys_addr = start;
	area->driver = current->driver;
	if (tracked)
		area->flags |= VM_MEMTYPE;

	prot = pgprot_kernel_cachemode(pcm);
	*err = vmap_range((unsigned long)area->addr, start, end - start, prot);
	if (*err)
		goto err_free_area;
	ioremap_publish(area, prot);
	return (void __iomem *)((unsigned long)area->addr + offset);

err_free_area:
	free_vm_area(area);
err_free_memtype:
	if (tracked) {
		struct memtype_owner owner = { caller, current->driver };

		memtype_free_io_owner(start, end, &owner);
	}
	return NULL;
}

static void __iomem *__ioremap_caller(resource_size_t phys_addr,
				      unsigned long size,
				      enum page_cache_mode pcm,
				      unsigned long caller)
{
	int err;

	return __ioremap_err(phys_addr, size, pcm, caller, &err);
}

#define IOREMAP_CALLER	((unsigned long)__builtin_return_address(0))

/**
 * ioremap() - map MMIO uncached-minus
 * @phys_addr: physical address (need not be page aligned)
 * @size: bytes
 *
 * Returns the virtual address of @phys_addr, or NULL.
 */
void __iomem *ioremap(resource_size_t phys_addr, unsigned long size)
{
	return __ioremap_caller(phys_addr, size, _PAGE_CACHE_MODE_UC_MINUS,
				IOREMAP_CALLER);
}

/**
 * ioremap_nocache() - ioremap(), under the name older drivers use
 */
void __iomem *ioremap_nocache(resource_size_t phys_addr, unsigned long size)
{
	return __ioremap_caller(phys_addr, size, _PAGE_CACHE_MODE_UC_MINUS,
				IOREMAP_CALLER);
}

/**
 * ioremap_uc() - map MMIO strongly uncached (an MTRR cannot make it WC)
 */
void __iomem *ioremap_uc(resource_size_t phys_addr, unsigned long size)
{
	return __ioremap_caller(phys_addr, size, _PAGE_CACHE_MODE_UC,
				IOREMAP_CALLER);
}

/**
 * ioremap_wc() - map MMIO write-combining (framebuffers); UC- without PAT
 */
void __iomem *ioremap_wc(resource_size_t phys_addr, unsigned long size)
{
	return __ioremap_caller(phys_addr, size, _PAGE_CACHE_MODE_WC,
				IOREMAP_CALLER);
}

/**
 * ioremap_wc_err() - ioremap_wc() that says why it failed
 * @phys_addr: physical address (need not be page aligned)
 * @size: bytes
 * @err: set to 0, or on failure to -EINVAL (bad range, RAM), -EBUSY (a
 *	conflicting reservation) or -ENOMEM
 *
 * For code that reports the error rather than only failing ("pat bench").
 */
void __iomem *ioremap_wc_err(resource_size_t phys_addr, unsigned long size,
			     int *err)
{
	return __ioremap_err(phys_addr, size, _PAGE_CACHE_MODE_WC,
			     IOREMAP_CALLER, err);
}

/**
 * ioremap_wt() - map MMIO write-through
 */
void __iomem *ioremap_wt(resource_size_t phys_addr, unsigned long size)
{
	return __ioremap_caller(phys_addr, size, _PAGE_CACHE_MODE_WT,
				IOREMAP_CALLER);
}

/**
 * ioremap_cache() - map non-RAM write-back (firmware tables)
 */
void __iomem *ioremap_cache(resource_size_t phys_addr, unsigned long size)
{
	return __ioremap_caller(phys_addr, size, _PAGE_CACHE_MODE_WB,
				IOREMAP_CALLER);
}

/**
 * iounmap() - undo an ioremap*()
 * @addr: exactly what ioremap*() returned (any offset into its first page)
 *
 * Anything else (an address ioremap did not return, a second iounmap of
 * the same address) is refused with a warning and changes nothing.
 */
void iounmap(volatile void __iomem *addr)
{
	unsigned long va = (unsigned long)(__force void *)addr;
	struct memtype_owner owner;
	struct vm_struct *area;
	u64 start, len;
	bool tracked;

	if (va < VMALLOC_START || va >= VMALLOC_END) {
		WARN(1, "iounmap: bad address %p (not in the ioremap area)\n",
		     (__force void *)addr);
		return;
	}
	area = find_vm_area((void *)(va & PAGE_MASK));
	if (!area || !(area->flags & VM_IOREMAP) ||
	    (unsigned long)area->addr != (va & PAGE_MASK)) {
		WARN(1, "iounmap: bad address %p (not returned by ioremap, or unmapped twice)\n",
		     (__force void *)addr);
		return;
	}
	start = area->phys_addr;
	len = get_vm_area_size(area);
	tracked = area->flags & VM_MEMTYPE;
	/* no longer listed as a mapping once its entries start to go */
	WRITE_ONCE(area->flags, area->flags & ~VM_IOMAPPED);
	vunmap_range((unsigned long)area->addr, len);
	owner = (struct memtype_owner){ area->caller, area->driver };
	free_vm_area(area);
	if (tracked && memtype_free_io_owner(start, start + len, &owner))
		memtype_report_invalid_free(start, start + len);
}

/**
 * memremap() - map memory that behaves like RAM
 * @offset: physical address
 * @size: bytes
 * @flags: MEMREMAP_WB (RAM comes back through the direct map), MEMREMAP_WT
 *         or MEMREMAP_WC
 */
void *memremap(resource_size_t offset, size_t size, unsigned long flags)
{
	if (!size)
		return NULL;
	/* the direct map holds whole pages of RAM only: not 0x9f000 */
	if ((flags & MEMREMAP_WB) &&
	    e820__mapped_all(offset & PAGE_MASK,
			     PAGE_ALIGN(offset + size), E820_TYPE_RAM))
		return __va(offset);
	if (flags & MEMREMAP_WB)
		return (__force void *)ioremap_cache(offset, size);
	if (flags & MEMREMAP_WT)
		return (__force void *)ioremap_wt(offset, size);
	if (flags & MEMREMAP_WC)
		return (__force void *)ioremap_wc(offset, size);
	return NULL;
}

void memunmap(void *addr)
{
	if (virt_in_direct_map((unsigned long)addr))
		return;
	iounmap((__force void __iomem *)addr);
}

void memcpy_toio(volatile void __iomem *dst, const void *src, size_t n)
{
	memcpy((__force void *)dst, src, n);
}

void memcpy_fromio(void *dst, const volatile void __iomem *src, size_t n)
{
	memcpy(dst, (__force const void *)src, n);
}

void memset_io(volatile void __iomem *dst, int c, size_t n)
{
	memset((__force void *)dst, c, n);
}
