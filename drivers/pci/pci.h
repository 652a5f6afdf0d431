/* SPDX-License-Identifier: GPL-2.0 */
/* Between the files of drivers/pci/. */
#ifndef _DRIVERS_PCI_PCI_H
#define _DRIVERS_PCI_PCI_H

#include <linux/pci.h>

int pci_config_init(void);
/* the first device found, or NULL; the list is built once at boot */
struct pci_dev *pci_dev_list(void);
/* /sys/bus/pci/devices (pci-sysfs.c) */
void pci_sysfs_init(void);
/* the ECAM range once claimed (access.c) */
bool pci_ecam_range(u64 *start, u64 *end);
int pci_conf1_write_dword(u8 bus, u8 devfn, int where, u32 val);
/* root bus windows and BARs in the resource trees (setup-res.c) */
void pci_resources_init(void);
/* resourceN and resourceN_wc (pci-sysfs-resource.c) */
int pci_create_resource_files(struct pci_dev *dev);

#endif
