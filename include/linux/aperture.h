/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_LINUX_APERTURE_H
#define _CACHET_LINUX_APERTURE_H

struct pci_dev;

int aperture_remove_conflicting_pci_devices(struct pci_dev *pdev,
					    const char *name);

#endif
