// SPDX-License-Identifier: GPL-2.0
/*
 * The x86 half of /dev/mem: which pages user space may read and write,
 * how far read() and write() reach, and the temporary kernel mapping each
 * page is copied through.  Linux 6.1 with CONFIG_STRICT_DEVMEM and
 * CONFIG_IO_STRICT_DEVMEM (Debian's configuration):
 *
 * - RAM is refused, except in the first MiB, where it reads as zeros and
 *   writes to it are dropped (BIOS tools scan that area for tables);
 * - a page a driver claimed (iomem_is_exclusive()) is refused, again
 *   except in the first MiB;
 * - everything else, firmware ranges and unclaimed device memory, is
 *   allowed.
 *
 * read() and write() reach only up to the end of RAM (Linux's
 * high_memory); device memory above it is for mmap().  Each page is
 * mapped with the type its reservations give it, so the access never
 * creates a conflicting alias: RAM through the direct map, anything else
 * through a write-back ioremap that memtype_reserve() turns into the
 * existing reservation's type, or UC- where the MTRRs are not WB.
 */
#include <linux/e820.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <asm/devmem.h>
#include <asm/io.h>
#include <asm/page.h>
#include <linux/sizes.h>

/* pages below this are the legacy BIOS area, always readable */
#define DEVMEM_LOW_PFNS		(SZ_1M >> PAGE_SHIFT)

/**
 * devmem_is_allowed() - may /dev/mem touch page frame @pagenr?
 * @pagenr: a page frame number
 *
 * Returns DEVMEM_REFUSED, DEVMEM_ALLOWED or DEVMEM_ZEROED.
 */
int devmem_is_allowed(unsigned long pagenr)
{
	phys_addr_t addr = (phys_addr_t)pagenr << PAGE_SHIFT;

	/* RAM first: it is "exclusive" too, but the answer differs */
	if (region_intersects(addr, PAGE_SIZE, IORESOURCE_SYSTEM_RAM) !=
	    REGION_DISJOINT)
		return pagenr < DEVMEM_LOW_PFNS ? DEVMEM_ZEROED : DEVMEM_REFUSED;
	if (iomem_is_exclusive(addr))
		return pagenr < DEVMEM_LOW_PFNS ? DEVMEM_ALLOWED : DEVMEM_REFUSED;
	return DEVMEM_ALLOWED;
}

/**
 * valid_phys_addr_range() - may read()/write() cover [addr, addr + count)?
 * @addr: first byte
 * @count: length
 *
 * Only below the end of RAM, as Linux's x86 version; note that a zero
 * @count at address 0 wraps and is refused, as on Linux.
 */
bool valid_phys_addr_range(phys_addr_t addr, size_t count)
{
	return addr + count - 1 <= e820__end_of_ram() - 1;
}

/**
 * xlate_dev_mem_ptr() - map the page of @phys for one copy
 * @phys: a physical address
 *
 * Returns the kernel address of @phys, or NULL when it cannot be mapped.
 * Undo with unxlate_dev_mem_ptr().
 */
void *xlate_dev_mem_ptr(phys_addr_t phys)
{
	phys_addr_t start = phys & PAGE_MASK;
	void *vaddr = memremap(start, PAGE_SIZE, MEMREMAP_WB);

	return vaddr ? vaddr + (phys - start) : NULL;
}

/**
 * unxlate_dev_mem_ptr() - drop xlate_dev_mem_ptr()'s mapping
 * @phys: the address given to it
 * @addr: what it returned
 */
void unxlate_dev_mem_ptr(phys_addr_t phys, void *addr)
{
	memunmap((void *)((unsigned long)addr & PAGE_MASK));
}
