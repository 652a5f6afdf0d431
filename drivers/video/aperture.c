// SPDX-License-Identifier: GPL-2.0
/*
 * Hand-over from the firmware framebuffer to the device's own driver
 * (Linux 6.1's drivers/video/aperture.c): before a driver claims its
 * device's memory, whatever firmware framebuffer (efifb) shows through
 * that memory is unregistered, which stops its console, unmaps it and
 * releases its region.  Otherwise the driver's claim would fail, and two
 * drivers would write the same pixels through two mappings.
 */
#include <linux/aperture.h>
#include <linux/fb.h>
#include <linux/pci.h>

/**
 * aperture_remove_conflicting_pci_devices() - make way for @pdev's driver
 * @pdev: the device about to be claimed
 * @name: the driver claiming it, for the "switching to" message
 *
 * Removes every firmware framebuffer inside one of @pdev's memory BARs.
 * Call before requesting the BARs; may sleep.  Returns 0.
 */
int aperture_remove_conflicting_pci_devices(struct pci_dev *pdev,
					    const char *name)
{
	int bar;

	for (bar = 0; bar < PCI_STD_NUM_BARS; bar++) {
		unsigned int flags = pci_resource_flags(pdev, bar);

		if (!(flags & PCI_BAR_MEM) || flags & PCI_BAR_UNASSIGNED)
			continue;
		remove_conflicting_framebuffers(pci_resource_start(pdev, bar),
						pci_resource_len(pdev, bar),
						name);
	}
	return 0;
}
