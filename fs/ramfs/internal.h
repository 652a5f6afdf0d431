/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CACHET_FS_RAMFS_INTERNAL_H
#define _CACHET_FS_RAMFS_INTERNAL_H

#include <linux/fs.h>

extern const struct inode_operations ramfs_file_inode_operations;
extern const struct file_operations ramfs_file_operations;
void ramfs_evict_inode(struct inode *inode);

#endif
