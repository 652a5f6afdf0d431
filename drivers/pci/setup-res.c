// SPDX-License-Identifier: GPL-2.0
/*
 * PCI in the resource trees: the root bus windows, every BAR named after
 * its function ("0000:00:01.0"), and the claims drivers make on BARs
 * (pci_request_region()), so /proc/iomem reads like Linux's and /dev/mem
 * and the resource files can tell a claimed BAR from a free one.
 *
 * Linux takes the root bus windows from the host bridge's ACPI _CRS.
 * cachet has no AML interpreter, so it derives them the way QEMU's q35
 * and pc firmware describe them: the legacy VGA window, the hole from
 * the end of low memory up to ECAM, from ECAM to the IO-APIC, and the
 * I/O ports around the configuration mechanism's 0xcf8-0xcff.  BARs
 * outside every window go directly below the root, as on Linux when
 * firmware left them there.
 */
#include <linux/e820.h>
#include <linux/errno.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/sizes.h>
#include "pci.h"

#define PCI_ROOT_NAME		"PCI Bus 0000:00"
#define PCI_MEM_WINDOW_END	0xfebfffffULL	/* below the IO-APIC */

static struct resource pci_mem_windows[3];
static struct resource pci_io_windows[] = {
	{ .name = PCI_ROOT_NAME, .start = 0, .end = 0xcf7,
	  .flags = IORESOURCE_IO },
	{ .name = PCI_ROOT_NAME, .start = 0xd00, .end = 0xffff,
	  .flags = IORESOURCE_IO },
};
static struct resource pci_conf1_res = {
	.name = "PCI conf1", .start = 0xcf8, .end = 0xcff,
	.flags = IORESOURCE_IO | IORESOURCE_BUSY,
};

static void pci_window_add(unsigned int i, u64 start, u64 end)
{
	struct resource *r = &pci_mem_windows[i];

	if (start > end)
		return;
	r->name = PCI_ROOT_NAME;
	r->start = start;
	r->end = end;
	r->flags = IORESOURCE_MEM;
	if (insert_resource(&iomem_resource, r))
		pr_warn("PCI: window [mem %#010llx-%#010llx] overlaps, not used\n",
			(unsigned long long)start, (unsigned long long)end);
}

/* the first address above every firmware range below @limit */
static u64 pci_low_mem_top(u64 limit)
{
	u64 top = 0;
	u32 i;

	for (i = 0; i < e820_table.nr_entries; i++) {
		const struct e820_entry *e = &e820_table.entries[i];

		if (e->addr + e->size <= limit && e->addr >= SZ_1M)
			top = max(top, e->addr + e->size);
	}
	return top;
}

static void pci_root_windows_add(void)
{
	u64 ecam_start, ecam_end;
	unsigned int i;

	pci_window_add(0, 0xa0000, 0xbffff);
	if (pci_ecam_range(&ecam_start, &ecam_end)) {
		pci_window_add(1, pci_low_mem_top(ecam_start), ecam_start - 1);
		pci_window_add(2, ecam_end + 1, PCI_MEM_WINDOW_END);
	} else {
		pci_window_add(1, pci_low_mem_top(1ULL << 32),
			       PCI_MEM_WINDOW_END);
	}
	for (i = 0; i < ARRAY_SIZE(pci_io_windows); i++)
		request_resource(&ioport_resource, &pci_io_windows[i]);
	request_resource(&ioport_resource, &pci_conf1_res);
}

/* Linux's resource flags for a BAR, as its "resource" file shows them */
static unsigned long pci_bar_flags(const struct pci_bar *bar)
{
	unsigned long f = IORESOURCE_SIZEALIGN;

	if (bar->flags & PCI_BAR_IO)
		return f | IORESOURCE_IO;
	f |= IORESOURCE_MEM;
	if (bar->flags & PCI_BAR_MEM64)
		f |= IORESOURCE_MEM_64;
	if (bar->flags & PCI_BAR_PREFETCH)
		f |= IORESOURCE_PREFETCH;
	return f;
}

static void pci_bar_resource_add(struct pci_dev *dev, int i)
{
	const struct pci_bar *bar = &dev->bar[i];
	struct resource *r = &dev->resource[i];
	struct resource *root;

	if (!bar->flags || !bar->size || bar->flags & PCI_BAR_UNASSIGNED)
		return;
	r->name = dev->name;
	r->start = bar->start;
	r->end = bar->start + bar->size - 1;
	r->flags = pci_bar_flags(bar);
	root = bar->flags & PCI_BAR_IO ? &ioport_resource : &iomem_resource;
	if (insert_resource(root, r)) {
		pr_warn("pci %s: BAR %d [%s %#llx-%#llx]: address space collision\n",
			dev->name, i, bar->flags & PCI_BAR_IO ? "io " : "mem",
			(unsigned long long)r->start,
			(unsigned long long)r->end);
		r->flags = 0;
	}
}

/**
 * pci_resources_init() - put the root windows and the BARs in the trees
 *
 * Needs the enumeration and the e820 resources; call once at boot.
 */
void pci_resources_init(void)
{
	struct pci_dev *dev;
	int i;

	pci_root_windows_add();
	for (dev = pci_dev_list(); dev; dev = dev->next) {
		snprintf(dev->name, sizeof(dev->name), "0000:%02x:%02x.%u",
			 dev->bus, PCI_SLOT(dev->devfn), PCI_FUNC(dev->devfn));
		for (i = 0; i < PCI_STD_NUM_BARS; i++)
			pci_bar_resource_add(dev, i);
	}
}

/**
 * pci_request_region() - claim BAR @bar of @dev for a driver
 * @dev: the function
 * @bar: 0..5
 * @name: the driver, shown below the BAR in /proc/iomem
 *
 * Returns 0 (also for an absent BAR, as Linux), or -EBUSY when the BAR
 * is claimed already.  User space can no longer map a claimed BAR.
 */
int pci_request_region(struct pci_dev *dev, int bar, const char *name)
{
	struct resource *r = &dev->resource[bar];
	struct resource *root;

	if (bar < 0 || bar >= PCI_STD_NUM_BARS)
		return -EINVAL;
	if (!r->flags || !r->parent)
		return 0;
	root = r->flags & IORESOURCE_IO ? &ioport_resource : &iomem_resource;
	if (!__request_region(root, r->start, resource_size(r), name, 0)) {
		pr_warn("pci %s: BAR %d: can't reserve [%s %#llx-%#llx]\n",
			dev->name, bar, r->flags & IORESOURCE_IO ? "io " : "mem",
			(unsigned long long)r->start,
			(unsigned long long)r->end);
		return -EBUSY;
	}
	return 0;
}

/**
 * pci_release_region() - drop pci_request_region()'s claim
 * @dev: the function
 * @bar: 0..5
 */
void pci_release_region(struct pci_dev *dev, int bar)
{
	struct resource *r = &dev->resource[bar];

	if (bar < 0 || bar >= PCI_STD_NUM_BARS || !r->flags || !r->parent)
		return;
	__release_region(r->flags & IORESOURCE_IO ? &ioport_resource :
			 &iomem_resource, r->start, resource_size(r));
}

/**
 * pci_request_regions() - claim every BAR of @dev, or none
 * @dev: the function
 * @name: the driver
 *
 * Returns 0 or -EBUSY (nothing claimed then).
 */
int pci_request_regions(struct pci_dev *dev, const char *name)
{
	int i, ret;

	for (i = 0; i < PCI_STD_NUM_BARS; i++) {
		ret = pci_request_region(dev, i, name);
		if (ret)
			goto err_release;
	}
	return 0;

err_release:
	while (--i >= 0)
		pci_release_region(dev, i);
	return ret;
}
