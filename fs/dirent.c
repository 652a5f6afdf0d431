// SPDX-License-Identifier: GPL-2.0
/*
 * struct linux_dirent64 records (include/linux/dirent.h).  Pure: no
 * locks, no allocation, so the host tests build this very file.
 */
#include <linux/dirent.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>

size_t dirent64_reclen(size_t namelen)
{
	return ALIGN(offsetof(struct linux_dirent64, d_name) + namelen + 1,
		     sizeof(u64));
}

long dirent64_pack(void *buf, size_t size, u64 ino, s64 off,
		   unsigned char type, const char *name, size_t namelen)
{
	size_t reclen = dirent64_reclen(namelen);
	struct linux_dirent64 *d = buf;

	if (reclen > size || reclen > 0xffff)
		return -EINVAL;
	memset(buf, 0, reclen);
	d->d_ino = ino;
	d->d_off = off;
	d->d_reclen = reclen;
	d->d_type = type;
	memcpy(d->d_name, name, namelen);
	return reclen;
}
