// SPDX-License-Identifier: GPL-2.0
/*
 * early_memremap(): short-lived write-back mappings of firmware tables
 * that the direct map does not cover (they sit in reserved memory), on the
 * fixmap slots.  First fit over 64 slots; each mapping is undone by
 * early_memunmap() with the same size.  Only for firmware tables: device
 * memory must go through ioremap(), which reserves its cache mode.
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <asm/early_ioremap.h>
#include <asm/fixmap.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/tlbflush.h>

static bool fix_used[FIX_BTMAP_SLOTS];

static pteval_t *fix_pte(unsigned int slot)
{
	enum pg_level level;
	pteval_t *e = lookup_address(fix_to_virt(slot), &level);

	return level == PG_LEVEL_4K ? e : NULL;
}

void *early_memremap(phys_addr_t phys, unsigned long size)
{
	phys_addr_t base = phys & PAGE_MASK;
	unsigned int n, first, i;

	if (!size || phys + size < phys ||
	    phys + size > (1ULL << boot_cpu_data.x86_phys_bits))
		return NULL;
	n = (PAGE_ALIGN(phys + size) - base) >> PAGE_SHIFT;
	if (n > FIX_BTMAP_SLOTS)
		return NULL;
	for (first = 0; first + n <= FIX_BTMAP_SLOTS; first++) {
		for (i = 0; i < n && !fix_used[first + i]; i++)
			;
		if (i == n)
			break;
	}
	if (first + n > FIX_BTMAP_SLOTS) {
		pr_warn("early_memremap: no %u free fixmap slots for %#llx\n",
			n, (unsigned long long)phys);
		return NULL;
	}
	for (i = 0; i < n; i++) {
		pteval_t *e = fix_pte(first + i);

		if (WARN_ON(!e))
			return NULL;
		*e = (base + ((phys_addr_t)i << PAGE_SHIFT)) |
		     pgprot_val(PAGE_KERNEL_RO);
		fix_used[first + i] = true;
	}
	return (void *)(fix_to_virt(first) + (phys & ~PAGE_MASK));
}

void early_memunmap(void *addr, unsigned long size)
{
	unsigned long va = (unsigned long)addr;
	unsigned int first, n, i;

	if (WARN_ON(va < FIXADDR_START || va >= FIXADDR_TOP || !size))
		return;
	first = (va - FIXADDR_START) >> PAGE_SHIFT;
	n = (PAGE_ALIGN(va + size) - (va & PAGE_MASK)) >> PAGE_SHIFT;
	if (WARN_ON(first + n > FIX_BTMAP_SLOTS))
		return;
	for (i = 0; i < n; i++) {
		pteval_t *e = fix_pte(first + i);

		if (e)
			*e = 0;
		fix_used[first + i] = false;
	}
	flush_tlb_kernel_range(fix_to_virt(first), fix_to_virt(first + n));
}
