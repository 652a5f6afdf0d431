/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tree of physical address ranges (kernel/resource.c) behind
 * /proc/iomem and /proc/ioports: firmware's map, PCI windows and BARs,
 * and the ranges drivers claimed.  Names, flags and semantics are
 * Linux 6.1's, so /dev/mem's rules (iomem_is_exclusive()) read the same.
 */
#ifndef _CACHET_LINUX_IOPORT_H
#define _CACHET_LINUX_IOPORT_H

#include <linux/types.h>

struct resource {
	resource_size_t start;
	resource_size_t end;		/* inclusive */
	const char *name;
	unsigned long flags;
	struct resource *parent, *sibling, *child;
};

#define IORESOURCE_TYPE_BITS	0x00001f00
#define IORESOURCE_IO		0x00000100
#define IORESOURCE_MEM		0x00000200
#define IORESOURCE_PREFETCH	0x00002000
#define IORESOURCE_SIZEALIGN	0x00040000
#define IORESOURCE_MEM_64	0x00100000
#define IORESOURCE_SYSRAM	0x01000000
#define IORESOURCE_EXCLUSIVE	0x08000000	/* userland may not map it */
#define IORESOURCE_BUSY		0x80000000	/* a driver claimed it */
#define IORESOURCE_SYSTEM_RAM	(IORESOURCE_MEM | IORESOURCE_SYSRAM)

/* region_intersects() */
enum {
	REGION_INTERSECTS,
	REGION_DISJOINT,
	REGION_MIXED,
};

extern struct resource iomem_resource;
extern struct resource ioport_resource;

static inline resource_size_t resource_size(const struct resource *res)
{
	return res->end - res->start + 1;
}

int request_resource(struct resource *root, struct resource *new);
int insert_resource(struct resource *parent, struct resource *new);
int release_resource(struct resource *old);
struct resource *__request_region(struct resource *parent,
				  resource_size_t start, resource_size_t n,
				  const char *name, int flags);
void __release_region(struct resource *parent, resource_size_t start,
		      resource_size_t n);
int region_intersects(resource_size_t start, size_t size,
		      unsigned long flags);
bool iomem_is_exclusive(u64 addr);
void resource_proc_init(void);

#define request_region(start, n, name) \
	__request_region(&ioport_resource, (start), (n), (name), 0)
#define request_mem_region(start, n, name) \
	__request_region(&iomem_resource, (start), (n), (name), 0)
#define request_mem_region_exclusive(start, n, name) \
	__request_region(&iomem_resource, (start), (n), (name), \
			 IORESOURCE_EXCLUSIVE)
#define release_region(start, n) \
	__release_region(&ioport_resource, (start), (n))
#define release_mem_region(start, n) \
	__release_region(&iomem_resource, (start), (n))

#endif /* _CACHET_LINUX_IOPORT_H */
