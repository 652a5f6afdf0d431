/* SPDX-License-Identifier: GPL-2.0 */
/*
 * File types and permission bits (Linux's octal values, which cpio
 * archives carry too), the kernel's struct kstat, and the 144-byte
 * struct stat that x86-64 Linux's stat(), fstat(), lstat() and
 * newfstatat() write to user space.
 */
#ifndef _CACHET_LINUX_STAT_H
#define _CACHET_LINUX_STAT_H

#include <linux/types.h>

#ifndef S_IFMT
#define S_IFMT		0170000
#define S_IFSOCK	0140000
#define S_IFLNK		0120000
#define S_IFREG		0100000
#define S_IFBLK		0060000
#define S_IFDIR		0040000
#define S_IFCHR		0020000
#define S_IFIFO		0010000
#define S_ISUID		0004000
#define S_ISGID		0002000
#define S_ISVTX		0001000

#define S_ISLNK(m)	(((m) & S_IFMT) == S_IFLNK)
#define S_ISREG(m)	(((m) & S_IFMT) == S_IFREG)
#define S_ISDIR(m)	(((m) & S_IFMT) == S_IFDIR)
#define S_ISCHR(m)	(((m) & S_IFMT) == S_IFCHR)
#define S_ISBLK(m)	(((m) & S_IFMT) == S_IFBLK)
#define S_ISFIFO(m)	(((m) & S_IFMT) == S_IFIFO)
#define S_ISSOCK(m)	(((m) & S_IFMT) == S_IFSOCK)

#define S_IRWXU		00700
#define S_IRUSR		00400
#define S_IWUSR		00200
#define S_IXUSR		00100
#define S_IRWXG		00070
#define S_IRGRP		00040
#define S_IWGRP		00020
#define S_IXGRP		00010
#define S_IRWXO		00007
#define S_IROTH		00004
#define S_IWOTH		00002
#define S_IXOTH		00001
#endif

#define S_IALLUGO	(S_ISUID | S_ISGID | S_ISVTX | S_IRWXU | S_IRWXG | S_IRWXO)
#define S_IRWXUGO	(S_IRWXU | S_IRWXG | S_IRWXO)
#define S_IRUGO		(S_IRUSR | S_IRGRP | S_IROTH)
#define S_IWUGO		(S_IWUSR | S_IWGRP | S_IWOTH)
#define S_IXUGO		(S_IXUSR | S_IXGRP | S_IXOTH)

typedef unsigned int umode_t;
#ifndef __KERNEL_HOST_BUILD	/* the host's <sys/types.h> has its own */
typedef long long loff_t;
/* the kernel's device number: 12-bit major, 20-bit minor, as Linux's */
typedef u32 dev_t;
#endif

#define MINORBITS	20
#define MINORMASK	((1U << MINORBITS) - 1)
#define MAJOR(dev)	((unsigned int)((dev) >> MINORBITS))
#define MINOR(dev)	((unsigned int)((dev) & MINORMASK))
#define MKDEV(ma, mi)	(((dev_t)(ma) << MINORBITS) | (mi))

/* the encoding stat() reports and mknod() takes: Linux's new_encode_dev() */
static inline u32 new_encode_dev(dev_t dev)
{
	unsigned int major = MAJOR(dev), minor = MINOR(dev);

	return (minor & 0xff) | (major << 8) | ((minor & ~0xffU) << 12);
}

static inline dev_t new_decode_dev(u32 dev)
{
	unsigned int major = (dev & 0xfff00) >> 8;
	unsigned int minor = (dev & 0xff) | ((dev >> 12) & 0xfff00);

	return MKDEV(major, minor);
}

struct timespec64 {
	s64 tv_sec;
	long tv_nsec;
};

/* what the VFS knows of a file, before it is laid out for user space */
struct kstat {
	u64 ino;
	dev_t dev;
	umode_t mode;
	unsigned int nlink;
	u32 uid;
	u32 gid;
	dev_t rdev;
	loff_t size;
	struct timespec64 atime;
	struct timespec64 mtime;
	struct timespec64 ctime;
	u32 blksize;
	u64 blocks;	/* 512-byte units */
};

/* x86-64 Linux's struct stat (arch/x86/include/uapi/asm/stat.h): 144 bytes */
struct stat {
	unsigned long st_dev;
	unsigned long st_ino;
	unsigned long st_nlink;
	unsigned int st_mode;
	unsigned int st_uid;
	unsigned int st_gid;
	unsigned int __pad0;
	unsigned long st_rdev;
	long st_size;
	long st_blksize;
	long st_blocks;
	unsigned long st_atime;
	unsigned long st_atime_nsec;
	unsigned long st_mtime;
	unsigned long st_mtime_nsec;
	unsigned long st_ctime;
	unsigned long st_ctime_nsec;
	long __unused[3];
};

/* fill @st from @k: -EOVERFLOW when a value does not fit (never on x86-64) */
int cp_new_stat(const struct kstat *k, struct stat *st);

#endif /* _CACHET_LINUX_STAT_H */
