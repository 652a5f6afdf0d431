/* SPDX-License-Identifier: GPL-2.0 */
/* ramfs (fs/ramfs/): the root file system and "mount -t ramfs/tmpfs" */
#ifndef _CACHET_LINUX_RAMFS_H
#define _CACHET_LINUX_RAMFS_H

#include <linux/fs.h>

extern struct file_system_type rootfs_fs_type;

struct inode *ramfs_get_inode(struct super_block *sb, const struct inode *dir,
			      umode_t mode, dev_t dev);
struct dentry *ramfs_new_sb(struct file_system_type *type);
int init_ramfs_fs(void);

#endif /* _CACHET_LINUX_RAMFS_H */
