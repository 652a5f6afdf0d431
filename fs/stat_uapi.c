// SPDX-License-Identifier: GPL-2.0
/*
 * struct kstat -> x86-64's struct stat (include/linux/stat.h).  Pure, so
 * the host tests check the layout with the very code the kernel runs.
 */
#include <linux/errno.h>
#include <linux/stat.h>
#include <linux/string.h>

/* the layout user space compiled against (glibc's and musl's agree) */
_Static_assert(sizeof(struct stat) == 144, "x86-64 struct stat is 144 bytes");
_Static_assert(__builtin_offsetof(struct stat, st_mode) == 24, "st_mode");
_Static_assert(__builtin_offsetof(struct stat, st_rdev) == 40, "st_rdev");
_Static_assert(__builtin_offsetof(struct stat, st_size) == 48, "st_size");
_Static_assert(__builtin_offsetof(struct stat, st_atime) == 72, "st_atime");
_Static_assert(__builtin_offsetof(struct stat, st_ctime_nsec) == 112,
	       "st_ctime_nsec");

int cp_new_stat(const struct kstat *k, struct stat *st)
{
	memset(st, 0, sizeof(*st));
	st->st_dev = new_encode_dev(k->dev);
	st->st_ino = k->ino;
	st->st_nlink = k->nlink;
	st->st_mode = k->mode;
	st->st_uid = k->uid;
	st->st_gid = k->gid;
	st->st_rdev = new_encode_dev(k->rdev);
	st->st_size = k->size;
	st->st_blksize = k->blksize;
	st->st_blocks = k->blocks;
	st->st_atime = k->atime.tv_sec;
	st->st_atime_nsec = k->atime.tv_nsec;
	st->st_mtime = k->mtime.tv_sec;
	st->st_mtime_nsec = k->mtime.tv_nsec;
	st->st_ctime = k->ctime.tv_sec;
	st->st_ctime_nsec = k->ctime.tv_nsec;
	return 0;
}
