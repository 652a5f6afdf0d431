/* SPDX-License-Identifier: GPL-2.0 */
/* Registration of the virtual file systems and devices at boot (fs/). */
#ifndef _CACHET_LINUX_VFS_INIT_H
#define _CACHET_LINUX_VFS_INIT_H

/* the types "mount -t" knows besides ramfs, and the character devices */
void vfs_register_filesystems(void);

/* fs/vfilefs.c: proc, sysfs, debugfs; fs/proc_mounts.c: /proc/mounts */
int vfilefs_init(void);
int proc_mounts_init(void);
/* /proc/filesystems (fs/super.c) */
int filesystems_proc_init(void);
/* drivers/char/mem.c: major 1 (null, zero, full, random, urandom) */
void chr_dev_init(void);

#endif /* _CACHET_LINUX_VFS_INIT_H */
