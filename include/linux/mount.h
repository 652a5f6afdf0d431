/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mount(2) and umount2(2) flags, Linux's values, and the mount calls
 * (fs/namespace.c).
 */
#ifndef _CACHET_LINUX_MOUNT_H
#define _CACHET_LINUX_MOUNT_H

#include <linux/fs.h>

#define MS_RDONLY	1
#define MS_NOSUID	2
#define MS_NODEV	4
#define MS_NOEXEC	8
#define MS_SYNCHRONOUS	16
#define MS_REMOUNT	32
#define MS_NOATIME	1024
#define MS_NODIRATIME	2048
#define MS_BIND		4096
#define MS_MOVE		8192
#define MS_REC		16384
#define MS_SILENT	32768
#define MS_RELATIME	(1 << 21)
#define MS_MGC_VAL	0xC0ED0000UL	/* the old "magic" in the top half */
#define MS_MGC_MSK	0xffff0000UL

#define MNT_FORCE	0x1
#define MNT_DETACH	0x2
#define MNT_EXPIRE	0x4
#define UMOUNT_NOFOLLOW	0x8

int mount_root(struct file_system_type *type);
void iterate_mounts(void (*fn)(struct vfsmount *m, void *arg), void *arg);

#endif /* _CACHET_LINUX_MOUNT_H */
