// SPDX-License-Identifier: GPL-2.0
/*
 * PCI configuration space access.  Two mechanisms:
 *
 *  - ECAM (PCI Express Base Specification 4.0, 7.2.2): each function's
 *    4 KiB of configuration space is memory at
 *    base + (bus - start_bus) << 20 | device << 15 | function << 12,
 *    base and bus range from the ACPI MCFG table.  One bus is mapped
 *    (UC-, 1 MiB) the first time it is touched and kept: the whole 256 MiB
 *    window would cost page tables and a memtype entry for buses nobody
 *    has.  Registers must never be cached or combined, hence ioremap().
 *  - Configuration mechanism #1 (PCI Local Bus 3.0, 3.2.2.3.2): an address
 *    in port 0xCF8, the data through 0xCFC-0xCFF; only the first 256 bytes.
 *    Used when there is no usable MCFG (QEMU's pc machine has none).
 *
 * Mechanism #1 is a two-step sequence on shared ports, so a lock keeps a
 * second CPU from changing the address between the two accesses.
 */
#include <linux/acpi.h>
#include <linux/errno.h>
#include <linux/ioport.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/spinlock.h>
#include <asm/io.h>

#include "pci.h"

#define PCI_CONF1_ADDRESS	0xcf8
#define PCI_CONF1_DATA		0xcfc
#define PCI_CONF1_ENABLE	0x80000000U

#define PCI_ECAM_BUS_SHIFT	20
#define PCI_ECAM_BUS_SIZE	(1UL << PCI_ECAM_BUS_SHIFT)
#define PCI_CFG_SPACE_SIZE	256
#define PCI_CFG_SPACE_EXP_SIZE	4096

/* ACPI MCFG (PCI Firmware Specification 3.2, 4.1.2) */
struct acpi_mcfg_allocation {
	u64 address;
	u16 pci_segment;
	u8 start_bus;
	u8 end_bus;
	u32 reserved;
} __packed;

#define ACPI_MCFG_HEADER_SIZE	(sizeof(struct acpi_table_header) + 8)
BUILD_BUG_ON(sizeof(struct acpi_mcfg_allocation) != 16);

static DEFINE_SPINLOCK(pci_config_lock);

static bool pci_use_ecam;
static phys_addr_t pci_ecam_base;
static u8 pci_ecam_start_bus, pci_ecam_end_bus;
static void __iomem *pci_ecam_bus[256];

/* 0 with *addr set, or -ENODEV when this bus has to use port I/O */
static int pci_ecam_addr(u8 bus, u8 devfn, int where, void __iomem **addr)
{
	void __iomem *base;

	if (!pci_use_ecam || bus < pci_ecam_start_bus || bus > pci_ecam_end_bus)
		return -ENODEV;
	base = pci_ecam_bus[bus];
	if (!base) {
		phys_addr_t phys = pci_ecam_base +
			((phys_addr_t)(bus - pci_ecam_start_bus) << PCI_ECAM_BUS_SHIFT);

		base = ioremap(phys, PCI_ECAM_BUS_SIZE);
		if (!base) {
			/* once: every later access then goes through ports */
			pr_warn("PCI: cannot map ECAM for bus %02x at 0x%llx, using port I/O\n",
				bus, (unsigned long long)phys);
			pci_use_ecam = false;
			return -ENODEV;
		}
		pci_ecam_bus[bus] = base;
	}
	*addr = base + ((unsigned long)devfn << 12) + where;
	return 0;
}

static u32 pci_conf1_address(u8 bus, u8 devfn, int where)
{
	return PCI_CONF1_ENABLE | (u32)bus << 16 | (u32)devfn << 8 |
	       (where & 0xfc);
}

static int pci_check_access(int where, int size)
{
	if (size != 1 && size != 2 && size != 4)
		return -EINVAL;
	if (where < 0 || where & (size - 1))
		return -EINVAL;
	if (where + size > PCI_CFG_SPACE_EXP_SIZE)
		return -EINVAL;
	return 0;
}

/**
 * pci_bus_read_config() - read a configuration register
 * @bus: bus number
 * @devfn: PCI_DEVFN(device, function)
 * @where: register offset, aligned to @size
 * @size: 1, 2 or 4 bytes
 * @val: the value; all ones when nothing answers
 *
 * Returns 0, or -EINVAL for a bad size, offset or alignment (also for
 * offsets past 255 when only port I/O is available).
 */
int pci_bus_read_config(u8 bus, u8 devfn, int where, int size, u32 *val)
{
	void __iomem *addr;
	unsigned long flags;
	u16 port;
	int ret;

	*val = ~0U;
	ret = pci_check_access(where, size);
	if (ret)
		return ret;
	if (!pci_ecam_addr(bus, devfn, where, &addr)) {
		if (size == 1)
			*val = readb(addr);
		else if (size == 2)
			*val = readw(addr);
		else
			*val = readl(addr);
		return 0;
	}
	if (where >= PCI_CFG_SPACE_SIZE)
		return -EINVAL;
	port = PCI_CONF1_DATA + (where & 3);
	spin_lock_irqsave(&pci_config_lock, flags);
	outl(pci_conf1_address(bus, devfn, where), PCI_CONF1_ADDRESS);
	if (size == 1)
		*val = inb(port);
	else if (size == 2)
		*val = inw(port);
	else
		*val = inl(port);
	spin_unlock_irqrestore(&pci_config_lock, flags);
	return 0;
}

/**
 * pci_bus_write_config() - write a configuration register
 * @bus: bus number
 * @devfn: PCI_DEVFN(device, function)
 * @where: register offset, aligned to @size
 * @size: 1, 2 or 4 bytes
 * @val: the value (its low @size bytes)
 *
 * Returns 0 or -EINVAL, as pci_bus_read_config().
 */
int pci_bus_write_config(u8 bus, u8 devfn, int where, int size, u32 val)
{
	void __iomem *addr;
	unsigned long flags;
	u16 port;
	int ret;

	ret = pci_check_access(where, size);
	if (ret)
		return ret;
	if (!pci_ecam_addr(bus, devfn, where, &addr)) {
		if (size == 1)
			writeb(val, addr);
		else if (size == 2)
			writew(val, addr);
		else
			writel(val, addr);
		return 0;
	}
	if (where >= PCI_CFG_SPACE_SIZE)
		return -EINVAL;
	port = PCI_CONF1_DATA + (where & 3);
	spin_lock_irqsave(&pci_config_lock, flags);
	outl(pci_conf1_address(bus, devfn, where), PCI_CONF1_ADDRESS);
	if (size == 1)
		outb(val, port);
	else if (size == 2)
		outw(val, port);
	else
		outl(val, port);
	spin_unlock_irqrestore(&pci_config_lock, flags);
	return 0;
}

/**
 * pci_conf1_write_dword() - write a register through port I/O alone
 * @bus: bus number
 * @devfn: PCI_DEVFN(device, function)
 * @where: register offset, a multiple of 4 below 256
 * @val: the value
 *
 * For when ECAM may not decode yet: after suspend to RAM the host
 * bridge's ECAM window is off until its register is written back
 * (drivers/pci/pm.c).  Returns 0 or -EINVAL.
 */
int pci_conf1_write_dword(u8 bus, u8 devfn, int where, u32 val)
{
	unsigned long flags;

	if (where < 0 || where & 3 || where >= PCI_CFG_SPACE_SIZE)
		return -EINVAL;
	spin_lock_irqsave(&pci_config_lock, flags);
	outl(pci_conf1_address(bus, devfn, where), PCI_CONF1_ADDRESS);
	outl(val, PCI_CONF1_DATA);
	spin_unlock_irqrestore(&pci_config_lock, flags);
	return 0;
}

/*
 * Is mechanism #1 there?  Its address register is a read/write 32-bit
 * latch with the enable bit; on a machine without it the port floats.
 * Same probe as Linux's pci_check_type1().
 */
static bool pci_conf1_present(void)
{
	unsigned long flags;
	u32 saved, v;

	spin_lock_irqsave(&pci_config_lock, flags);
	saved = inl(PCI_CONF1_ADDRESS);
	outl(PCI_CONF1_ENABLE, PCI_CONF1_ADDRESS);
	v = inl(PCI_CONF1_ADDRESS);
	outl(saved, PCI_CONF1_ADDRESS);
	spin_unlock_irqrestore(&pci_config_lock, flags);
	return v == PCI_CONF1_ENABLE;
}

/* pick the segment 0 allocation that covers bus 0 from a mapped MCFG */
static int pci_mcfg_parse(const struct acpi_table_header *h, u32 len)
{
	const struct acpi_mcfg_allocation *a;
	unsigned int i, n;

	if (len < ACPI_MCFG_HEADER_SIZE + sizeof(*a)) {
		pr_warn("PCI: MCFG is too short (%u bytes) for one entry, ignored\n",
			len);
		return -EINVAL;
	}
	n = (len - ACPI_MCFG_HEADER_SIZE) / sizeof(*a);
	a = (const void *)((const u8 *)h + ACPI_MCFG_HEADER_SIZE);
	for (i = 0; i < n; i++, a++) {
		if (a->pci_segment || a->start_bus || a->end_bus < a->start_bus) {
			pr_info("PCI: MCFG entry %u (domain %04x [bus %02x-%02x]) not used\n",
				i, a->pci_segment, a->start_bus, a->end_bus);
			continue;
		}
		if (!a->address || a->address & (PCI_ECAM_BUS_SIZE - 1)) {
			pr_warn("PCI: MCFG entry %u has a bad base 0x%llx, ignored\n",
				i, (unsigned long long)a->address);
			continue;
		}
		pci_ecam_base = a->address;
		pci_ecam_start_bus = a->start_bus;
		pci_ecam_end_bus = a->end_bus;
		return 0;
	}
	pr_warn("PCI: MCFG has no usable entry for domain 0000 bus 00\n");
	return -ENOENT;
}

static int pci_mcfg_init(void)
{
	const struct acpi_table_header *h;
	phys_addr_t phys;
	u32 len;
	int ret;

	if (acpi_find_table("MCFG", &phys, &len))
		return -ENOENT;
	/* firmware tables are WB; only read here, then unmapped */
	h = memremap(phys, len, MEMREMAP_WB);
	if (!h) {
		pr_warn("PCI: cannot map MCFG at 0x%llx, ignored\n",
			(unsigned long long)phys);
		return -ENOMEM;
	}
	ret = pci_mcfg_parse(h, len);
	memunmap((void *)h);
	return ret;
}

/*
 * ECAM and mechanism #1 must agree on the host bridge: a table pointing
 * at the wrong place would otherwise make every device vanish.
 */
static bool pci_ecam_sane(void)
{
	u32 ecam, conf1;

	if (pci_bus_read_config(0, 0, PCI_VENDOR_ID, 4, &ecam) || !pci_use_ecam)
		return false;
	if (!pci_conf1_present())
		return ecam != ~0U;
	pci_use_ecam = false;
	pci_bus_read_config(0, 0, PCI_VENDOR_ID, 4, &conf1);
	pci_use_ecam = true;
	if (ecam == conf1)
		return true;
	pr_warn("PCI: ECAM reads %08x at 00:00.0, port I/O %08x: ECAM not used\n",
		ecam, conf1);
	return false;
}

static struct resource pci_ecam_res;
static char pci_ecam_name[40];

/* Linux's "PCI MMCONFIG" claim: busy, so user space cannot map ECAM */
static void pci_ecam_resource_add(void)
{
	snprintf(pci_ecam_name, sizeof(pci_ecam_name),
		 "PCI MMCONFIG %04x [bus %02x-%02x]", 0, pci_ecam_start_bus,
		 pci_ecam_end_bus);
	pci_ecam_res.name = pci_ecam_name;
	pci_ecam_res.start = pci_ecam_base;
	pci_ecam_res.end = pci_ecam_base +
		((u64)(pci_ecam_end_bus - pci_ecam_start_bus + 1)
		 << PCI_ECAM_BUS_SHIFT) - 1;
	pci_ecam_res.flags = IORESOURCE_MEM | IORESOURCE_BUSY;
	if (insert_resource(&iomem_resource, &pci_ecam_res))
		pr_warn("PCI: cannot reserve %s\n", pci_ecam_name);
}

/* the ECAM window, for the root bus windows; false without ECAM */
bool pci_ecam_range(u64 *start, u64 *end)
{
	if (!pci_ecam_res.parent)
		return false;
	*start = pci_ecam_res.start;
	*end = pci_ecam_res.end;
	return true;
}

/**
 * pci_config_init() - choose how configuration space is reached
 *
 * Returns 0, or -ENODEV when there is neither ECAM nor mechanism #1.
 */
int pci_config_init(void)
{
	if (!pci_mcfg_init()) {
		pci_use_ecam = true;
		if (pci_ecam_sane()) {
			pr_info("PCI: ECAM [mem 0x%llx-0x%llx] for domain 0000 [bus %02x-%02x]\n",
				(unsigned long long)pci_ecam_base,
				(unsigned long long)(pci_ecam_base +
				((u64)(pci_ecam_end_bus - pci_ecam_start_bus + 1)
				 << PCI_ECAM_BUS_SHIFT) - 1),
				pci_ecam_start_bus, pci_ecam_end_bus);
			pr_info("PCI: Using ECAM for configuration access\n");
			pci_ecam_resource_add();
			return 0;
		}
		pci_use_ecam = false;
	}
	if (!pci_conf1_present()) {
		pr_warn("PCI: no configuration access mechanism, PCI disabled\n");
		return -ENODEV;
	}
	pr_info("PCI: Using configuration type 1 for base access\n");
	return 0;
}
