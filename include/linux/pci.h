/* SPDX-License-Identifier: GPL-2.0 */
/*
 * PCI: configuration space access, the devices found at boot and their
 * BARs.  Names follow Linux (pci_read_config_dword, pci_get_device,
 * pci_resource_start) so drivers read the same.  Register offsets are from
 * the PCI Local Bus Specification 3.0, section 6.1 (type 0 header) and the
 * PCI-to-PCI Bridge Architecture Specification 1.2, section 3.2 (type 1).
 */
#ifndef _CACHET_LINUX_PCI_H
#define _CACHET_LINUX_PCI_H

#include <linux/ioport.h>
#include <linux/types.h>

/* configuration space header, both types */
#define PCI_VENDOR_ID		0x00	/* 16 bits; 0xffff: nothing there */
#define PCI_DEVICE_ID		0x02	/* 16 bits */
#define PCI_COMMAND		0x04	/* 16 bits */
#define  PCI_COMMAND_IO		0x1	/* respond to I/O space accesses */
#define  PCI_COMMAND_MEMORY	0x2	/* respond to memory space accesses */
#define  PCI_COMMAND_MASTER	0x4	/* may initiate DMA */
#define PCI_STATUS		0x06	/* 16 bits */
#define PCI_REVISION_ID		0x08	/* 8 bits */
#define PCI_CLASS_PROG		0x09	/* programming interface */
#define PCI_CLASS_DEVICE	0x0a	/* subclass in 7:0, class in 15:8 */
#define PCI_HEADER_TYPE		0x0e	/* 8 bits */
#define  PCI_HEADER_TYPE_MASK	0x7f
#define  PCI_HEADER_TYPE_NORMAL	0
#define  PCI_HEADER_TYPE_BRIDGE	1
#define  PCI_HEADER_TYPE_CARDBUS 2
#define  PCI_HEADER_MULTIFUNC	0x80
#define PCI_BASE_ADDRESS_0	0x10	/* 32 bits each, 6 (type 0) or 2 */

/*
 * BAR low bits:
 *   bit 0     1 = I/O space, 0 = memory space
 *   bits 2:1  memory type: 00 = 32-bit, 10 = 64-bit (takes the next BAR)
 *   bit 3     prefetchable (memory only)
 */
#define  PCI_BASE_ADDRESS_SPACE_IO	0x01
#define  PCI_BASE_ADDRESS_MEM_TYPE_MASK	0x06
#define  PCI_BASE_ADDRESS_MEM_TYPE_64	0x04
#define  PCI_BASE_ADDRESS_MEM_PREFETCH	0x08
#define  PCI_BASE_ADDRESS_MEM_MASK	(~0x0fULL)
#define  PCI_BASE_ADDRESS_IO_MASK	(~0x03ULL)

/* type 1 (bridge) header */
#define PCI_PRIMARY_BUS		0x18
#define PCI_SECONDARY_BUS	0x19
#define PCI_SUBORDINATE_BUS	0x1a

#define PCI_CLASS_DISPLAY_VGA	0x0300
#define PCI_CLASS_BRIDGE_PCI	0x0604

#define PCI_DEVFN(slot, func)	((((slot) & 0x1f) << 3) | ((func) & 0x07))
#define PCI_SLOT(devfn)		(((devfn) >> 3) & 0x1f)
#define PCI_FUNC(devfn)		((devfn) & 0x07)

#define PCI_STD_NUM_BARS	6

/* what a BAR decodes; a flags value of 0 means the BAR is not there */
#define PCI_BAR_IO		0x1
#define PCI_BAR_MEM		0x2
#define PCI_BAR_MEM64		0x4
#define PCI_BAR_PREFETCH	0x8
#define PCI_BAR_UNASSIGNED	0x10	/* sized, but firmware left base 0 */

struct pci_bar {
	u64 start;
	u64 size;
	unsigned int flags;
};

struct pci_dev {
	struct pci_dev *next;		/* in the order enumeration met them */
	u8 bus;
	u8 devfn;
	u16 vendor;
	u16 device;
	u8 revision;
	u8 hdr_type;			/* without the multi-function bit */
	u32 class;			/* class << 16 | subclass << 8 | prog-if */
	struct pci_bar bar[PCI_STD_NUM_BARS];
	struct resource resource[PCI_STD_NUM_BARS];	/* as /proc/iomem */
	char name[16];					/* "DDDD:BB:DD.F" */
};

int pci_bus_read_config(u8 bus, u8 devfn, int where, int size, u32 *val);
int pci_bus_write_config(u8 bus, u8 devfn, int where, int size, u32 val);
/* across suspend to RAM (drivers/pci/pm.c) */
int pci_save_state_all(void);
void pci_restore_state_all(void);

static inline int pci_read_config_byte(const struct pci_dev *dev, int where,
				       u8 *val)
{
	u32 v;
	int ret = pci_bus_read_config(dev->bus, dev->devfn, where, 1, &v);

	*val = v;
	return ret;
}

static inline int pci_read_config_word(const struct pci_dev *dev, int where,
				       u16 *val)
{
	u32 v;
	int ret = pci_bus_read_config(dev->bus, dev->devfn, where, 2, &v);

	*val = v;
	return ret;
}

static inline int pci_read_config_dword(const struct pci_dev *dev, int where,
					u32 *val)
{
	return pci_bus_read_config(dev->bus, dev->devfn, where, 4, val);
}

static inline int pci_write_config_word(const struct pci_dev *dev, int where,
					u16 val)
{
	return pci_bus_write_config(dev->bus, dev->devfn, where, 2, val);
}

static inline int pci_write_config_dword(const struct pci_dev *dev, int where,
					 u32 val)
{
	return pci_bus_write_config(dev->bus, dev->devfn, where, 4, val);
}

static inline u64 pci_resource_start(const struct pci_dev *dev, int bar)
{
	return dev->bar[bar].start;
}

static inline u64 pci_resource_len(const struct pci_dev *dev, int bar)
{
	return dev->bar[bar].size;
}

static inline unsigned int pci_resource_flags(const struct pci_dev *dev,
					      int bar)
{
	return dev->bar[bar].flags;
}

/* matches every vendor or device ID in pci_get_device() */
#define PCI_ANY_ID	(~0U)

struct pci_dev *pci_get_device(unsigned int vendor, unsigned int device,
			       struct pci_dev *from);
int pci_enable_device_mem(struct pci_dev *dev);
int pci_request_region(struct pci_dev *dev, int bar, const char *name);
void pci_release_region(struct pci_dev *dev, int bar);
int pci_request_regions(struct pci_dev *dev, const char *name);
const char *pci_class_name(u32 class);
void pci_init(void);

#endif /* _CACHET_LINUX_PCI_H */
