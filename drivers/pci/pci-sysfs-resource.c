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
 * mmap of a memory BAR file, Linux 6.1's pci_mmap_resource(): the
 * offset is from the BAR's start; UC- for resourceN, WC for
 * resourceN_wc, through io_remap_pfn_range() and its reservation.  A
 * BAR a driver claimed (iomem_is_exclusive(), CONFIG_IO_STRICT_DEVMEM)
 * and a range that does not fit in the BAR (pci_mmap_fits()) are
 * EINVAL.  I/O BAR files have no mmap (x86 cannot map ports): ENODEV.
 */
#include <linux/errno.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/vfile.h>
#include <asm/io.h>
#include <asm/pfnmap.h>
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

/* the BAR's size in pages, its last partial page counted */
static unsigned long pci_bar_pages(const struct pci_bar *bar)
{
	return ((bar->size - 1) >> PAGE_SHIFT) + 1;
}

/* Linux's pci_mmap_fits(): the pages asked lie inside the BAR */
static bool pci_mmap_fits(const struct pci_bar *bar,
			  struct vm_area_struct *vma)
{
	unsigned long nr = (vma->vm_end - vma->vm_start) >> PAGE_SHIFT;
	unsigned long size = pci_bar_pages(bar);

	return vma->vm_pgoff < size && nr <= size - vma->vm_pgoff;
}

static const struct vm_operations_struct pci_phys_vm_ops = {
	.open = filemap_vma_open,
	.close = filemap_vma_close,
};

/* Linux's pci_mmap_resource() with pci_mmap_resource_range() */
static int pci_resource_mmap(void *private, struct file *file,
			     struct vm_area_struct *vma)
{
	struct pci_res_file *rf = private;
	const struct pci_bar *bar = &rf->dev->bar[rf->bar];

	if (iomem_is_exclusive(bar->start))
		return -EINVAL;
	if (!pci_mmap_fits(bar, vma))
		return -EINVAL;
	if (rf->write_combine)
		vma->vm_page_prot = pgprot_writecombine(vma->vm_page_prot);
	else
		vma->vm_page_prot = pgprot_noncached(vma->vm_page_prot);
	vma->vm_pgoff += bar->start >> PAGE_SHIFT;
	vma->vm_ops = &pci_phys_vm_ops;
	return io_remap_pfn_range(vma, vma->vm_start, vma->vm_pgoff,
				  vma->vm_end - vma->vm_start,
				  vma->vm_page_prot);
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
