// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/bus/pci/devices/DDDD:BB:DD.F/{vendor,device,class,resource,config}
 * for each function enumeration found, in Linux 6.1's formats: lspci,
 * X servers and DPDK find devices and their BARs there.  The binary
 * resourceN files are pci-sysfs-resource.c's.
 *
 * Differences from Linux (Documentation/filesystems/proc.rst): the
 * device directories are directories, not symbolic links into
 * /sys/devices/pci0000:00/; resource lists the six BARs and a ROM line
 * (all zero: ROM BARs are not sized) and, for bridges, nothing of the
 * windows; config is the 256-byte standard configuration space; there is
 * no irq file yet (no PCI interrupt routing).
 */
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/vfile.h>
#include "pci.h"

/* Linux's struct resource flags, as resource shows them */
#define IORESOURCE_IO		0x00000100
#define IORESOURCE_MEM		0x00000200
#define IORESOURCE_PREFETCH	0x00002000
#define IORESOURCE_SIZEALIGN	0x00040000
#define IORESOURCE_MEM_64	0x00100000

#define PCI_CFG_SPACE_SIZE	256

static int pci_vendor_show(struct seq_file *m, void *private)
{
	const struct pci_dev *dev = private;

	seq_printf(m, "0x%04x\n", dev->vendor);
	return 0;
}

static int pci_device_show(struct seq_file *m, void *private)
{
	const struct pci_dev *dev = private;

	seq_printf(m, "0x%04x\n", dev->device);
	return 0;
}

static int pci_class_show(struct seq_file *m, void *private)
{
	const struct pci_dev *dev = private;

	seq_printf(m, "0x%06x\n", dev->class);
	return 0;
}

/*
 * Linux's flags for a BAR: the BAR's own low bits (the ones below the
 * address mask), the resource type, prefetch and 64-bit, and SIZEALIGN,
 * which every sized BAR carries.
 */
static unsigned long long pci_bar_resource_flags(const struct pci_bar *bar)
{
	unsigned long long f = IORESOURCE_SIZEALIGN;

	if (bar->flags & PCI_BAR_IO)
		return f | IORESOURCE_IO | PCI_BASE_ADDRESS_SPACE_IO;
	f |= IORESOURCE_MEM;
	if (bar->flags & PCI_BAR_MEM64)
		f |= IORESOURCE_MEM_64 | PCI_BASE_ADDRESS_MEM_TYPE_64;
	if (bar->flags & PCI_BAR_PREFETCH)
		f |= IORESOURCE_PREFETCH | PCI_BASE_ADDRESS_MEM_PREFETCH;
	return f;
}

static int pci_resource_show(struct seq_file *m, void *private)
{
	const struct pci_dev *dev = private;
	int i;

	for (i = 0; i < PCI_STD_NUM_BARS; i++) {
		const struct pci_bar *bar = &dev->bar[i];
		unsigned long long start = 0, end = 0, flags = 0;

		if (bar->flags && bar->size) {
			start = bar->start;
			end = bar->start + bar->size - 1;
			flags = pci_bar_resource_flags(bar);
		}
		seq_printf(m, "0x%016llx 0x%016llx 0x%016llx\n", start, end,
			   flags);
	}
	/* the expansion ROM */
	seq_printf(m, "0x%016llx 0x%016llx 0x%016llx\n", 0ULL, 0ULL, 0ULL);
	return 0;
}

/* binary, as Linux's config file: a dword at a time, little-endian */
static int pci_config_show(struct seq_file *m, void *private)
{
	const struct pci_dev *dev = private;
	int where, b;

	for (where = 0; where < PCI_CFG_SPACE_SIZE; where += 4) {
		u32 v = ~0U;

		if (pci_read_config_dword(dev, where, &v))
			return -EIO;
		for (b = 0; b < 4; b++)
			seq_putc(m, (char)(v >> (8 * b)));
	}
	return 0;
}

static const struct {
	const char *name;
	vfile_show_t show;
} pci_attrs[] = {
	{ "vendor", pci_vendor_show },
	{ "device", pci_device_show },
	{ "class", pci_class_show },
	{ "resource", pci_resource_show },
	{ "config", pci_config_show },
};

/**
 * pci_sysfs_init() - create /sys/bus/pci/devices for the functions found
 *
 * Needs the enumeration (pci_scan_bus()); the list never changes after.
 */
void pci_sysfs_init(void)
{
	struct pci_dev *dev;
	char path[64];
	unsigned int a;

	for (dev = pci_dev_list(); dev; dev = dev->next) {
		for (a = 0; a < ARRAY_SIZE(pci_attrs); a++) {
			snprintf(path, sizeof(path),
				 "bus/pci/devices/0000:%02x:%02x.%u/%s",
				 dev->bus, PCI_SLOT(dev->devfn),
				 PCI_FUNC(dev->devfn), pci_attrs[a].name);
			if (sysfs_create_single(path, pci_attrs[a].show, dev)) {
				pr_err("PCI: cannot create /sys/%s\n", path);
				return;
			}
		}
		if (pci_create_resource_files(dev))
			return;
	}
}
