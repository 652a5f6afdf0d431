/* SPDX-License-Identifier: GPL-2.0 */
/*
 * devtmpfs (fs/devtmpfs.c): one in-memory tree of device nodes, the
 * same wherever and however often it is mounted ("mount -t devtmpfs
 * devtmpfs /dev").  A driver adds a node for each device it registers
 * with register_chrdev(), e.g.
 *
 *	register_chrdev(4, "ttyS", &tty_fops);
 *	devtmpfs_add_node("ttyS0", S_IFCHR | 0660, MKDEV(4, 64));
 *	devtmpfs_add_node("cpu/0/msr", S_IFCHR | 0600, MKDEV(202, 0));
 */
#ifndef _CACHET_LINUX_DEVTMPFS_H
#define _CACHET_LINUX_DEVTMPFS_H

#include <linux/stat.h>

/**
 * devtmpfs_add_node() - add /dev/@name
 * @name: relative to /dev; parent directories are made (0755)
 * @mode: S_IFCHR or S_IFBLK and permissions
 * @dev: the device number
 *
 * Returns 0, -EEXIST, -EINVAL (not a device type, or before
 * devtmpfs_init()), -ENAMETOOLONG, -ENOMEM.
 */
int devtmpfs_add_node(const char *name, umode_t mode, dev_t dev);
int devtmpfs_init(void);

#endif /* _CACHET_LINUX_DEVTMPFS_H */
