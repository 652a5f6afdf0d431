/* SPDX-License-Identifier: GPL-2.0 */
/* The initramfs into the root file system (init/initramfs_unpack.c). */
#ifndef _CACHET_LINUX_INITRAMFS_UNPACK_H
#define _CACHET_LINUX_INITRAMFS_UNPACK_H

#include <linux/initramfs.h>

/* what was created, by type; members that could not be are @failed */
struct initramfs_unpack {
	unsigned int entries, dirs, files, symlinks, nodes, other, failed;
	size_t file_bytes;
};

int initramfs_unpack_entry(const struct initramfs_entry *e, void *arg);
int initramfs_dir_times(const struct initramfs_entry *e, void *arg);

#endif /* _CACHET_LINUX_INITRAMFS_UNPACK_H */
