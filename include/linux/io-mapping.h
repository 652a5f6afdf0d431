/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A range of device memory a driver maps write-combining, from the kernel
 * and from user space at fault time (Linux's io_mapping; the x86 part in
 * arch/x86/mm/pat/io_mapping.c).  Creating one reserves the range WC, so
 * that vmf_insert_pfn() of its frames, which only looks the mode up,
 * maps them WC too.
 */
#ifndef _CACHET_LINUX_IO_MAPPING_H
#define _CACHET_LINUX_IO_MAPPING_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <asm/pgtable_types.h>

struct io_mapping {
	resource_size_t base;
	unsigned long size;
	pgprot_t prot;		/* kernel protection with the mode granted */
	void __iomem *iomem;	/* the kernel's mapping of it all */
};

struct io_mapping *io_mapping_create_wc(resource_size_t base,
					unsigned long size);
void io_mapping_free(struct io_mapping *iomap);

/* the kernel address of @offset in @mapping, which maps it all */
static inline void __iomem *io_mapping_map_wc(struct io_mapping *mapping,
					      unsigned long offset,
					      unsigned long size)
{
	return (u8 __iomem *)mapping->iomem + offset;
}

#endif /* _CACHET_LINUX_IO_MAPPING_H */
