// SPDX-License-Identifier: GPL-2.0
/*
 * PCI configuration across suspend to RAM.  The wake resets every device
 * and the firmware puts back little or nothing (QEMU's SeaBIOS leaves
 * even the q35 host bridge's ECAM window off), so, as Linux's
 * pci_save_state()/pci_restore_state() do, each function's standard
 * header (the first 64 bytes: BARs, command, interrupt line) is saved
 * before sleeping and written back on wake.  So are the chipset registers
 * that the firmware programmed at boot and nobody else would again:
 *
 *   Intel Q35 MCH (8086:29c0) PCIEXBAR at 0x60: the ECAM window;
 *   Intel ICH9 LPC (8086:2918) PMBASE at 0x40 and ACPI_CNTL at 0x44:
 *   where the PM1 control block decodes (poweroff, the next S3).
 *
 * Everything is written through port I/O (mechanism #1), which needs no
 * window, host bridge first: until its PCIEXBAR is back, ECAM reads
 * nothing.  Within a function the registers go from the top down, so the
 * BARs are in place before the command register turns decoding on.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/slab.h>

#include "pci.h"

#define PCI_STD_HEADER_DWORDS	16

/* chipset registers beyond the header, each a dword, written in order */
static const struct {
	u16 vendor, device;
	u8 regs[2];
} pci_pm_extra[] = {
	{ 0x8086, 0x29c0, { 0x64, 0x60 } },	/* PCIEXBAR high, then low */
	{ 0x8086, 0x2918, { 0x40, 0x44 } },	/* PMBASE, then ACPI_CNTL */
};

struct pci_saved {
	struct pci_dev *dev;
	u32 header[PCI_STD_HEADER_DWORDS];
	u32 extra[2];
	int quirk;			/* index in pci_pm_extra, or -1 */
};

static struct pci_saved *pci_saved;
static unsigned int pci_nr_saved;

static int pci_pm_quirk(const struct pci_dev *dev)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pci_pm_extra); i++)
		if (dev->vendor == pci_pm_extra[i].vendor &&
		    dev->device == pci_pm_extra[i].device)
			return i;
	return -1;
}

/**
 * pci_save_state_all() - save every function's configuration
 *
 * Before suspend to RAM, with interrupts on.  Returns 0 or -ENOMEM.
 */
int pci_save_state_all(void)
{
	struct pci_dev *dev;
	unsigned int n = 0, i;
	struct pci_saved *s;

	for (dev = pci_dev_list(); dev; dev = dev->next)
		n++;
	kfree(pci_saved);
	pci_saved = kmalloc(n * sizeof(*pci_saved) + 1, GFP_KERNEL);
	pci_nr_saved = 0;
	if (!pci_saved)
		return -ENOMEM;
	for (dev = pci_dev_list(); dev; dev = dev->next) {
		s = &pci_saved[pci_nr_saved++];
		s->dev = dev;
		for (i = 0; i < PCI_STD_HEADER_DWORDS; i++)
			pci_read_config_dword(dev, i * 4, &s->header[i]);
		s->quirk = pci_pm_quirk(dev);
		if (s->quirk >= 0)
			for (i = 0; i < 2; i++)
				pci_read_config_dword(dev,
					pci_pm_extra[s->quirk].regs[i],
					&s->extra[i]);
	}
	return 0;
}

static void pci_restore_one(const struct pci_saved *s)
{
	const struct pci_dev *dev = s->dev;
	int i;

	if (s->quirk >= 0)
		for (i = 0; i < 2; i++)
			pci_conf1_write_dword(dev->bus, dev->devfn,
					      pci_pm_extra[s->quirk].regs[i],
					      s->extra[i]);
	/* from the top: BARs before the command register at dword 1 */
	for (i = PCI_STD_HEADER_DWORDS - 1; i >= 1; i--)
		pci_conf1_write_dword(dev->bus, dev->devfn, i * 4,
				      s->header[i]);
}

/**
 * pci_restore_state_all() - write back what pci_save_state_all() saved
 *
 * On wake, interrupts off, before any driver touches its device.  The
 * functions with chipset registers go first (the ECAM window).
 */
void pci_restore_state_all(void)
{
	unsigned int i;

	for (i = 0; i < pci_nr_saved; i++)
		if (pci_saved[i].quirk >= 0)
			pci_restore_one(&pci_saved[i]);
	for (i = 0; i < pci_nr_saved; i++)
		if (pci_saved[i].quirk < 0)
			pci_restore_one(&pci_saved[i]);
}
