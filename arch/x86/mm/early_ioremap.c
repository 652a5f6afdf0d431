// SPDX-License-Identifier: GPL-2.0
/*
 * early_memremap(): short-lived write-back mappings of firmware tables
 * that the direct map does not cover (they sit in reserved memory), on the
 * fixmap slots.  First fit over 64 slots; each mapping is undone by
 * early_memunmap() with the same size.  Only for firmware tables: device
 * memory must go through ioremap(), which reserves its cache mode.  Each
 * call is one page-table transaction, which also guards the slot map.
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <asm/early_ioremap.h>
#include <asm/fixmap.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/pgtable_txn.h>
#include <asm/processor.h>

static bool fix_used[FIX_BTMAP_SLOTS];

static pteval_t *fix_pte(unsigned int slot)
{
	enum pg_level level;
	pteval_t *e = lookup_address(fix_to_virt(slot), &level);

	return level == PG_LEVEL_4K ? e : NULL;
}

/* @n free slots in a row, or FIX_BTMAP_SLOTS; in the transaction */
static unsigned int fix_find(unsigned int n)
{
	unsigned int first, i;

	for (first = 0; first + n <= FIX_BTMAP_SLOTS; first++) {
		for (i = 0; i < n && !fix_used[first + i]; i++)
			;
		if (i == n)
			return first;
	}
	return FIX_BTMAP_SLOTS;
}

/**
 * early_memremap() - map firmware memory read-only and write-back
 * @phys: physical address
 * @size: bytes
 *
 * Returns the address of @phys, or NULL.
 */
void *early_memremap(phys_addr_t phys, unsigned long size)
{
	phys_addr_t base = phys & PAGE_MASK;
	unsigned int n, first, i;
	struct pt_txn t;
	pteval_t *e;

	if (!size || phys + size < phys ||
	    phys + size > (1ULL << boot_cpu_data.x86_phys_bits))
		return NULL;
	n = (PAGE_ALIGN(phys + size) - base) >> PAGE_SHIFT;
	if (n > FIX_BTMAP_SLOTS)
		return NULL;
	pt_txn_begin(&t);
	first = fix_find(n);
	for (i = 0; first < FIX_BTMAP_SLOTS && i < n; i++)
		if (WARN_ON(!fix_pte(first + i)))
			first = FIX_BTMAP_SLOTS;
	for (i = 0; first < FIX_BTMAP_SLOTS && i < n; i++) {
		e = fix_pte(first + i);
		pt_txn_write(&t, e, (base + ((phys_addr_t)i << PAGE_SHIFT)) |
			     pgprot_val(PAGE_KERNEL_RO),
			     fix_to_virt(first + i), PG_LEVEL_4K);
		fix_used[first + i] = true;
	}
	pt_txn_commit(&t);
	if (first == FIX_BTMAP_SLOTS) {
		pr_warn("early_memremap: no %u free fixmap slots for %#llx\n",
			n, (unsigned long long)phys);
		return NULL;
	}
	return (void *)(fix_to_virt(first) + (phys & ~PAGE_MASK));
}

/**
 * early_memunmap() - undo early_memremap()
 * @addr: what it returned
 * @size: the size it was given
 */
void early_memunmap(void *addr, unsigned long size)
{
	unsigned long va = (unsigned long)addr;
	unsigned int first, n, i;
	struct pt_txn t;
	pteval_t *e;

	if (WARN_ON(va < FIXADDR_START || va >= FIXADDR_TOP || !size))
		return;
	first = (va - FIXADDR_START) >> PAGE_SHIFT;
	n = (PAGE_ALIGN(va + size) - (va & PAGE_MASK)) >> PAGE_SHIFT;
	if (WARN_ON(first + n > FIX_BTMAP_SLOTS))
		return;
	pt_txn_begin(&t);
	for (i = 0; i < n; i++) {
		e = fix_pte(first + i);
		if (e)
			pt_txn_write(&t, e, 0, fix_to_virt(first + i),
				     PG_LEVEL_4K);
		fix_used[first + i] = false;
	}
	pt_txn_commit(&t);
}

/**
 * copy_from_early_phys() - copy firmware memory, a page at a time
 * @dst: destination
 * @phys: physical address
 * @size: bytes
 *
 * A page at a time, so that any size fits the fixmap slots.  Returns 0, or
 * -ENOMEM when a page cannot be mapped (what was copied before stays).
 */
int copy_from_early_phys(void *dst, phys_addr_t phys, unsigned long size)
{
	u8 *d = dst;

	while (size) {
		unsigned long n = min(size, PAGE_SIZE - (phys & ~PAGE_MASK));
		void *p = early_memremap(phys, n);

		if (!p)
			return -ENOMEM;
		memcpy(d, p, n);
		early_memunmap(p, n);
		d += n;
		phys += n;
		size -= n;
	}
	return 0;
}
