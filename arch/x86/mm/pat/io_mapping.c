// SPDX-License-Identifier: GPL-2.0
/*
 * io_mapping_create_wc() and io_mapping_free() on x86-64 (Linux's
 * io_mapping_init_wc() with iomap_create_wc(), then ioremap_wc()): the
 * range is reserved WC for the frames a fault handler inserts, and mapped
 * WC for the kernel.  As in Linux those are two reservations of the same
 * range, listed twice in pat_memtype_list while the mapping lives.
 */
#include <linux/errno.h>
#include <linux/io-mapping.h>
#include <linux/slab.h>
#include <asm/io.h>
#include <asm/pfnmap.h>

/**
 * io_mapping_create_wc() - reserve and map [@base, @base + @size) WC
 * @base: physical address, page aligned
 * @size: bytes, page aligned
 *
 * Returns the mapping, or NULL: a bad range, RAM, a reservation of
 * another mode there (what arch_io_reserve_memtype_wc() refuses), or no
 * memory.
 */
struct io_mapping *io_mapping_create_wc(resource_size_t base,
					unsigned long size)
{
	struct io_mapping *m;

	if (!size || (base | size) & ~PAGE_MASK)
		return NULL;
	m = kmalloc(sizeof(*m), GFP_KERNEL);
	if (!m)
		return NULL;
	if (arch_io_reserve_memtype_wc(base, size))
		goto err_free_mapping;
	m->iomem = ioremap_wc(base, size);
	if (!m->iomem)
		goto err_free_memtype;
	m->base = base;
	m->size = size;
	m->prot = pgprot_writecombine(PAGE_KERNEL);
	return m;

err_free_memtype:
	arch_io_free_memtype_wc(base, size);
err_free_mapping:
	kfree(m);
	return NULL;
}

/**
 * io_mapping_free() - undo io_mapping_create_wc()
 * @mapping: the mapping; no user mapping may still hold its frames
 */
void io_mapping_free(struct io_mapping *mapping)
{
	iounmap(mapping->iomem);
	arch_io_free_memtype_wc(mapping->base, mapping->size);
	kfree(mapping);
}
