/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct linux_dirent64, as getdents64() lays records out for user
 * space: each record is 8-byte aligned, d_reclen covers the name, its
 * NUL and the padding, and d_off is the position of the next record.
 */
#ifndef _CACHET_LINUX_DIRENT_H
#define _CACHET_LINUX_DIRENT_H

#include <linux/types.h>

struct linux_dirent64 {
	u64 d_ino;
	s64 d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

/* bytes a record for a @namelen-byte name takes */
size_t dirent64_reclen(size_t namelen);

/*
 * dirent64_pack() - lay one record out at @buf
 * @buf: @size bytes
 * Returns the record's length, or -EINVAL when it does not fit.
 */
long dirent64_pack(void *buf, size_t size, u64 ino, s64 off,
		   unsigned char type, const char *name, size_t namelen);

#endif /* _CACHET_LINUX_DIRENT_H */
