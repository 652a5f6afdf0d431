// SPDX-License-Identifier: GPL-2.0
/*
 * The lspci shell command, in the format of pciutils' "lspci -nn" minus
 * the vendor and device names (there is no ID database here):
 *
 *   00:01.0 VGA compatible controller [0300]: 1234:1111 (rev 02)
 *
 * and with -v one line per BAR, as "lspci -v" writes them:
 *
 *	Memory at fd000000 (32-bit, prefetchable) [size=16M]
 */
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/shell.h>
#include <linux/string.h>

#include "pci.h"

/* names as in pciutils' pci.ids, class << 8 | subclass */
static const struct {
	u16 class;
	const char *name;
} pci_class_names[] = {
	{ 0x0000, "Non-VGA unclassified device" },
	{ 0x0001, "VGA compatible unclassified device" },
	{ 0x0100, "SCSI storage controller" },
	{ 0x0101, "IDE interface" },
	{ 0x0105, "ATA controller" },
	{ 0x0106, "SATA controller" },
	{ 0x0108, "Non-Volatile memory controller" },
	{ 0x0200, "Ethernet controller" },
	{ 0x0300, "VGA compatible controller" },
	{ 0x0302, "3D controller" },
	{ 0x0401, "Multimedia audio controller" },
	{ 0x0403, "Audio device" },
	{ 0x0500, "RAM memory" },
	{ 0x0600, "Host bridge" },
	{ 0x0601, "ISA bridge" },
	{ 0x0604, "PCI bridge" },
	{ 0x0700, "Serial controller" },
	{ 0x0c03, "USB controller" },
	{ 0x0c05, "SMBus" },
};

/* when only the base class is known */
static const char *const pci_base_class_names[] = {
	[0x01] = "Mass storage controller",
	[0x02] = "Network controller",
	[0x03] = "Display controller",
	[0x04] = "Multimedia controller",
	[0x05] = "Memory controller",
	[0x06] = "Bridge",
	[0x07] = "Communication controller",
	[0x08] = "Generic system peripheral",
	[0x09] = "Input device controller",
	[0x0c] = "Serial bus controller",
};

/**
 * pci_class_name() - human-readable name of a class code
 * @class: class << 16 | subclass << 8 | prog-if, as in struct pci_dev
 */
const char *pci_class_name(u32 class)
{
	u16 cs = class >> 8;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pci_class_names); i++)
		if (pci_class_names[i].class == cs)
			return pci_class_names[i].name;
	if (cs >> 8 < ARRAY_SIZE(pci_base_class_names) &&
	    pci_base_class_names[cs >> 8])
		return pci_base_class_names[cs >> 8];
	return "Unclassified device";
}

/* pciutils' size notation: bytes, then K, M, G */
static void lspci_size(char *buf, size_t n, u64 size)
{
	if (size < 1024)
		snprintf(buf, n, "%llu", (unsigned long long)size);
	else if (size < (1ULL << 20))
		snprintf(buf, n, "%lluK", (unsigned long long)(size >> 10));
	else if (size < (1ULL << 30))
		snprintf(buf, n, "%lluM", (unsigned long long)(size >> 20));
	else
		snprintf(buf, n, "%lluG", (unsigned long long)(size >> 30));
}

static void lspci_show_bars(const struct pci_dev *dev)
{
	char size[24], base[24];
	u16 cmd = 0;
	int i;

	pci_read_config_word(dev, PCI_COMMAND, &cmd);
	for (i = 0; i < PCI_STD_NUM_BARS; i++) {
		const struct pci_bar *b = &dev->bar[i];

		if (!b->flags)
			continue;
		lspci_size(size, sizeof(size), b->size);
		if (b->flags & PCI_BAR_UNASSIGNED)
			strscpy(base, "<unassigned>", sizeof(base));
		else
			snprintf(base, sizeof(base), "%llx",
				 (unsigned long long)b->start);
		if (b->flags & PCI_BAR_IO) {
			shell_printf("\tI/O ports at %s%s [size=%s]\n", base,
				     cmd & PCI_COMMAND_IO ? "" : " [disabled]",
				     size);
			continue;
		}
		shell_printf("\tMemory at %s (%s, %sprefetchable)%s [size=%s]\n",
			     base, b->flags & PCI_BAR_MEM64 ? "64-bit" : "32-bit",
			     b->flags & PCI_BAR_PREFETCH ? "" : "non-",
			     cmd & PCI_COMMAND_MEMORY ? "" : " [disabled]",
			     size);
	}
}

static int cmd_lspci(int argc, char **argv)
{
	const struct pci_dev *dev;
	bool verbose = false;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-v")) {
			verbose = true;
			continue;
		}
		shell_printf("lspci: unknown option '%s'\nusage: lspci [-v]\n",
			     argv[i]);
		return 1;
	}
	for (dev = pci_dev_list(); dev; dev = dev->next) {
		shell_printf("%02x:%02x.%d %s [%04x]: %04x:%04x", dev->bus,
			     PCI_SLOT(dev->devfn), PCI_FUNC(dev->devfn),
			     pci_class_name(dev->class), dev->class >> 8,
			     dev->vendor, dev->device);
		if (dev->revision)
			shell_printf(" (rev %02x)", dev->revision);
		shell_printf("\n");
		if (verbose) {
			lspci_show_bars(dev);
			shell_printf("\n");
		}
	}
	return 0;
}
SHELL_CMD(lspci, cmd_lspci, "[-v]: list PCI devices");
