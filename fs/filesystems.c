// SPDX-License-Identifier: GPL-2.0
/*
 * What the boot registers after the root is mounted: the virtual file
 * systems, devtmpfs, the CRNG and the memory character devices (whose
 * nodes go into devtmpfs).  A registration that fails is reported and
 * the boot goes on without it.
 */
#include <linux/devtmpfs.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/random.h>
#include <linux/vfs_init.h>

void vfs_register_filesystems(void)
{
	int err = vfilefs_init();

	if (!err)
		err = proc_mounts_init();
	if (!err)
		err = filesystems_proc_init();
	if (err)
		pr_err("VFS: cannot register proc, sysfs and debugfs: %d\n",
		       err);
	err = devtmpfs_init();
	if (err)
		pr_err("devtmpfs: initialization failed: %d\n", err);
	rand_initialize();
	chr_dev_init();
}
