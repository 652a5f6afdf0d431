// SPDX-License-Identifier: GPL-2.0
/*
 * PCI enumeration at boot: every function on bus 0 and, through bridges,
 * on the buses behind them; the BARs of each, sized; a list of struct
 * pci_dev that drivers search with pci_get_device().
 *
 * There is no allocator yet at this point of the boot, so the devices live
 * in a fixed pool; a machine with more functions than that gets a message
 * and the rest are left out.  Nothing is ever removed.
 *
 * Resources are taken as the firmware assigned them: nothing is moved.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "pci.h"

#define PCI_MAX_DEVICES	64

static struct pci_dev pci_pool[PCI_MAX_DEVICES];
static unsigned int pci_nr_devices;
static struct pci_dev *pci_devices, **pci_devices_tail = &pci_devices;
/* buses already scanned: a bridge loop in bad firmware must not recurse */
static u8 pci_bus_seen[256 / 8];

struct pci_dev *pci_dev_list(void)
{
	return pci_devices;
}

/**
 * pci_get_device() - find a device by vendor and device ID
 * @vendor: vendor ID, or PCI_ANY_ID
 * @device: device ID, or PCI_ANY_ID
 * @from: continue after this device, or NULL to start at the first
 *
 * Returns the device or NULL.  Devices are never freed, so there is no
 * reference to drop.
 */
struct pci_dev *pci_get_device(unsigned int vendor, unsigned int device,
			       struct pci_dev *from)
{
	struct pci_dev *dev = from ? from->next : pci_devices;

	for (; dev; dev = dev->next)
		if ((vendor == PCI_ANY_ID || dev->vendor == vendor) &&
		    (device == PCI_ANY_ID || dev->device == device))
			return dev;
	return NULL;
}

/**
 * pci_enable_device_mem() - make a device answer memory accesses
 * @dev: the device
 *
 * Firmware normally leaves the decoders on; this turns memory decoding on
 * if it did not.  Returns 0 or a configuration access error.
 */
int pci_enable_device_mem(struct pci_dev *dev)
{
	u16 cmd;
	int ret;

	ret = pci_read_config_word(dev, PCI_COMMAND, &cmd);
	if (ret || cmd & PCI_COMMAND_MEMORY)
		return ret;
	return pci_write_config_word(dev, PCI_COMMAND, cmd | PCI_COMMAND_MEMORY);
}

static void pci_print_bar(const struct pci_dev *dev, int i)
{
	const struct pci_bar *b = &dev->bar[i];

	pr_info("pci 0000:%02x:%02x.%d: reg 0x%02x: [%s 0x%08llx-0x%08llx%s%s]\n",
		dev->bus, PCI_SLOT(dev->devfn), PCI_FUNC(dev->devfn),
		PCI_BASE_ADDRESS_0 + 4 * i, b->flags & PCI_BAR_IO ? "io " : "mem",
		(unsigned long long)b->start,
		(unsigned long long)(b->start + b->size - 1),
		b->flags & PCI_BAR_MEM64 ? " 64bit" : "",
		b->flags & PCI_BAR_PREFETCH ? " pref" : "");
}

/* write all-ones, read back what sticks, put the original back */
static u32 pci_bar_probe(struct pci_dev *dev, int reg, u32 *orig)
{
	u32 mask;

	pci_read_config_dword(dev, reg, orig);
	pci_write_config_dword(dev, reg, ~0U);
	pci_read_config_dword(dev, reg, &mask);
	pci_write_config_dword(dev, reg, *orig);
	return mask;
}

/*
 * Size BAR @i (PCI Local Bus 3.0, 6.2.5.1): the bits that stay 0 after
 * writing all-ones are the size.  Returns how many extra BAR slots it took
 * (1 for the upper half of a 64-bit BAR).
 */
static int pci_size_bar(struct pci_dev *dev, int i, int nbars)
{
	struct pci_bar *b = &dev->bar[i];
	int reg = PCI_BASE_ADDRESS_0 + 4 * i;
	u32 orig, mask, orig_hi = 0, mask_hi = 0;
	u64 m;
	int extra = 0;

	mask = pci_bar_probe(dev, reg, &orig);
	if (!mask || mask == ~0U)	/* not implemented, or nobody answers */
		return 0;
	if (orig & PCI_BASE_ADDRESS_SPACE_IO) {
		m = mask & PCI_BASE_ADDRESS_IO_MASK & 0xffffffff;
		/* a 16-bit decoder reads 0 above bit 15: those bits are not size */
		if (!(m >> 16))
			m |= 0xffff0000;
		b->start = orig & PCI_BASE_ADDRESS_IO_MASK & 0xffffffff;
		b->size = (u32)(m & -m);
		b->flags = PCI_BAR_IO;
	} else {
		b->flags = PCI_BAR_MEM;
		if ((orig & PCI_BASE_ADDRESS_MEM_TYPE_MASK) ==
		    PCI_BASE_ADDRESS_MEM_TYPE_64 && i + 1 < nbars) {
			mask_hi = pci_bar_probe(dev, reg + 4, &orig_hi);
			b->flags |= PCI_BAR_MEM64;
			extra = 1;
		}
		m = ((u64)mask_hi << 32) | (mask & PCI_BASE_ADDRESS_MEM_MASK & 0xffffffff);
		if (!m)
			goto none;
		if (!(b->flags & PCI_BAR_MEM64))
			m |= 0xffffffff00000000ULL;
		b->start = ((u64)orig_hi << 32) |
			   (orig & PCI_BASE_ADDRESS_MEM_MASK & 0xffffffff);
		b->size = m & -m;
		if (orig & PCI_BASE_ADDRESS_MEM_PREFETCH)
			b->flags |= PCI_BAR_PREFETCH;
	}
	if (!b->start)
		b->flags |= PCI_BAR_UNASSIGNED;
	else
		pci_print_bar(dev, i);
	return extra;
none:
	memset(b, 0, sizeof(*b));
	return extra;
}

static void pci_size_bars(struct pci_dev *dev, int nbars)
{
	u16 cmd;
	int i;

	/*
	 * While a BAR holds all-ones it claims a bogus range, which may
	 * shadow RAM or another device: switch decoding off meanwhile.
	 */
	pci_read_config_word(dev, PCI_COMMAND, &cmd);
	if (cmd & (PCI_COMMAND_IO | PCI_COMMAND_MEMORY))
		pci_write_config_word(dev, PCI_COMMAND,
				      cmd & ~(PCI_COMMAND_IO | PCI_COMMAND_MEMORY));
	for (i = 0; i < nbars; i++)
		i += pci_size_bar(dev, i, nbars);
	if (cmd & (PCI_COMMAND_IO | PCI_COMMAND_MEMORY))
		pci_write_config_word(dev, PCI_COMMAND, cmd);
}

static void pci_scan_bus(u8 bus);

static struct pci_dev *pci_scan_function(u8 bus, u8 devfn, u32 id)
{
	struct pci_dev *dev;
	u32 class_rev;
	u8 hdr;

	if (pci_nr_devices == PCI_MAX_DEVICES) {
		pr_warn("pci 0000:%02x:%02x.%d: more than %d functions, ignored\n",
			bus, PCI_SLOT(devfn), PCI_FUNC(devfn), PCI_MAX_DEVICES);
		return NULL;
	}
	dev = &pci_pool[pci_nr_devices++];
	dev->bus = bus;
	dev->devfn = devfn;
	dev->vendor = id & 0xffff;
	dev->device = id >> 16;
	pci_read_config_dword(dev, PCI_REVISION_ID, &class_rev);
	dev->revision = class_rev & 0xff;
	dev->class = class_rev >> 8;
	pci_read_config_byte(dev, PCI_HEADER_TYPE, &hdr);
	dev->hdr_type = hdr & PCI_HEADER_TYPE_MASK;
	*pci_devices_tail = dev;
	pci_devices_tail = &dev->next;

	pr_info("pci 0000:%02x:%02x.%d: [%04x:%04x] type %02x class 0x%06x\n",
		bus, PCI_SLOT(devfn), PCI_FUNC(devfn), dev->vendor, dev->device,
		dev->hdr_type, dev->class);
	switch (dev->hdr_type) {
	case PCI_HEADER_TYPE_NORMAL:
		pci_size_bars(dev, 6);
		break;
	case PCI_HEADER_TYPE_BRIDGE:
		pci_size_bars(dev, 2);
		break;
	case PCI_HEADER_TYPE_CARDBUS:
		pci_size_bars(dev, 1);
		break;
	default:
		pr_warn("pci 0000:%02x:%02x.%d: unknown header type %02x, BARs not read\n",
			bus, PCI_SLOT(devfn), PCI_FUNC(devfn), dev->hdr_type);
	}
	return dev;
}

static void pci_scan_bridge(struct pci_dev *dev)
{
	u8 secondary;

	pci_read_config_byte(dev, PCI_SECONDARY_BUS, &secondary);
	/* firmware numbers buses downwards from their parent */
	if (secondary <= dev->bus) {
		pr_info("pci 0000:%02x:%02x.%d: bridge to bus %02x not scanned\n",
			dev->bus, PCI_SLOT(dev->devfn), PCI_FUNC(dev->devfn),
			secondary);
		return;
	}
	pci_scan_bus(secondary);
}

static void pci_scan_bus(u8 bus)
{
	struct pci_dev *dev;
	unsigned int slot, fn, nfn;
	u32 id;
	u8 hdr;

	if (pci_bus_seen[bus / 8] & (1 << (bus % 8)))
		return;
	pci_bus_seen[bus / 8] |= 1 << (bus % 8);
	for (slot = 0; slot < 32; slot++) {
		nfn = 1;
		for (fn = 0; fn < nfn; fn++) {
			u8 devfn = PCI_DEVFN(slot, fn);

			pci_bus_read_config(bus, devfn, PCI_VENDOR_ID, 4, &id);
			/* 0xffff: empty; 0x0000/0xffff device: broken */
			if ((id & 0xffff) == 0xffff || (id & 0xffff) == 0)
				continue;
			if (fn == 0) {
				u32 v;

				pci_bus_read_config(bus, devfn, PCI_HEADER_TYPE,
						    1, &v);
				hdr = v;
				if (hdr & PCI_HEADER_MULTIFUNC)
					nfn = 8;
			}
			dev = pci_scan_function(bus, devfn, id);
			if (dev && dev->hdr_type == PCI_HEADER_TYPE_BRIDGE)
				pci_scan_bridge(dev);
		}
	}
}

/**
 * pci_init() - pick the configuration access method and enumerate
 *
 * Needs ACPI tables (MCFG) and ioremap().  Reservations made here are
 * recorded for the "pci" driver.
 */
void pci_init(void)
{
	struct task_ident prev;

	override_current_ident(NULL, "pci", &prev);

	if (!pci_config_init()) {
		pci_scan_bus(0);
		pr_info("PCI: %u functions found\n", pci_nr_devices);
		pci_resources_init();
		pci_sysfs_init();
	}
	revert_current_ident(&prev);
}
