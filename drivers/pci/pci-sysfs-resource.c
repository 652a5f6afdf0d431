// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/bus/pci/devices/DDDD:BB:DD.F/resourceN and resourceN_wc: one
 * binary file per sized BAR, as Linux 6.1 makes them (pci_create_attr()
 * there).  Mode 0600, st_size the BAR's size.  resourceN_wc exists only
 * for a prefetchable memory BAR: it is the write-combining mapping of
 * the same BAR.
 *
 * Memory BAR files exist to be mapped; read and write on them are EIO.
 * I/O BAR files can be read and written, one inb/inw/inl or
 * outb/outw/outl per call of 1, 2 or 4 bytes (after the count is cut at
 * the BAR's end), EINVAL for other sizes; x86 cannot map I/O space.
 *
 * mmap: pci_resource_mmap() is the place the PFN-mapping step fills
 * (UC- for resourceN, WC for resourceN_wc, a BAR a driver claimed
 * refused with EINVAL under CONFIG_IO_STRICT_DEVMEM).  Until then it
 * returns -ENODEV and nothing calls it.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/vfile.h>
#include <asm/io.h>
#include "pci.h"

struct pci_res_file {
	struct pci_dev *dev;
	int bar;
	bool write_combine;
};

/* one port access of @count bytes at @pos in the BAR (pci_resource_io) */
static ssize_t pci_resource_io(struct pci_res_file *rf, char *buf,
			       loff_t pos, size_t count, bool write)
{
	const struct pci_bar *bar = &rf->dev->bar[rf->bar];
	u64 port = bar->start + pos, end = bar->start + bar->size - 1;

	if (port > end)
		return 0;
	if (port + count - 1 > end)
		return -EINVAL;
	switch (count) {
	case 1:
		if (write)
			outb(*(u8 *)buf, port);
		else
			*(u8 *)buf = inb(port);
		return 1;
	case 2:
		if (write)
			outw(*(u16 *)buf, port);
		else
			*(u16 *)buf = inw(port);
		return 2;
	case 4:
		if (write)
			outl(*(u32 *)buf, port);
		else
			*(u32 *)buf = inl(port);
		return 4;
	}
	return -EINVAL;
}

static ssize_t pci_read_resource_io(void *private, char *buf, loff_t pos,
				    size_t count)
{
	return pci_resource_io(private, buf, pos, count, false);
}

static ssize_t pci_write_resource_io(void *private, const char *buf,
				     loff_t pos, size_t count)
{
	return pci_resource_io(private, (char *)buf, pos, count, true);
}

/* the later PFN-mapping step maps the BAR here */
static int pci_resource_mmap(void *private, struct file *file, void *vma)
{
	return -ENODEV;
}

static const struct vfile_bin pci_resource_io_bin = {
	.mode = 0600,
	.read = pci_read_resource_io,
	.write = pci_write_resource_io,
};

static const struct vfile_bin pci_resource_mem_bin = {
	.mode = 0600,
	.mmap = pci_resource_mmap,
};

static int pci_create_attr(struct pci_dev *dev, int bar, bool wc)
{
	struct pci_res_file *rf = kzalloc(sizeof(*rf), GFP_KERNEL);
	const struct pci_bar *b = &dev->bar[bar];
	char path[80];
	int ret;

	if (!rf)
		return -ENOMEM;
	rf->dev = dev;
	rf->bar = bar;
	rf->write_combine = wc;
	snprintf(path, sizeof(path), "bus/pci/devices/%s/resource%d%s",
		 dev->name, bar, wc ? "_wc" : "");
	ret = sysfs_create_bin_file(path, b->flags & PCI_BAR_IO ?
				    &pci_resource_io_bin : &pci_resource_mem_bin,
				    b->size, rf);
	if (ret) {
		pr_err("PCI: cannot create /sys/%s: %d\n", path, ret);
		kfree(rf);
	}
	return ret;
}

/**
 * pci_create_resource_files() - resourceN (and _wc) for @dev's BARs
 * @dev: a function with its name set (pci_resources_init())
 *
 * Returns 0 or the first error.
 */
int pci_create_resource_files(struct pci_dev *dev)
{
	int i, ret;

	for (i = 0; i < PCI_STD_NUM_BARS; i++) {
		const struct pci_bar *b = &dev->bar[i];

		if (!b->flags || !b->size)
			continue;
		ret = pci_create_attr(dev, i, false);
		if (!ret && b->flags & PCI_BAR_MEM && b->flags & PCI_BAR_PREFETCH)
			ret = pci_create_attr(dev, i, true);
		if (ret)
			return ret;
	}
	return 0;
}
