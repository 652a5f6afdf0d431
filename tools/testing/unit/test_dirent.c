// SPDX-License-Identifier: GPL-2.0
/*
 * fs/dirent.c: linux_dirent64 records as glibc and musl parse them, and
 * fs/stat_uapi.c: struct stat at x86-64's offsets.
 */
#include <linux/dirent.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <linux/stat.h>

#include "unit.h"

UNIT_TEST(dirent, record_lengths)
{
	/* 19 bytes of header, the name, its NUL, rounded up to 8 */
	EXPECT_EQ(dirent64_reclen(1), 24u);
	EXPECT_EQ(dirent64_reclen(4), 24u);
	EXPECT_EQ(dirent64_reclen(5), 32u);
	EXPECT_EQ(dirent64_reclen(255), 280u);
	for (size_t n = 1; n <= 255; n++) {
		size_t r = dirent64_reclen(n);

		EXPECT_EQ(r % 8, 0u);
		EXPECT_TRUE(r >= 19 + n + 1 && r < 19 + n + 1 + 8);
	}
}

UNIT_TEST(dirent, pack_fields)
{
	unsigned char buf[64];
	const struct linux_dirent64 *d = (const void *)buf;

	memset(buf, 0xee, sizeof(buf));
	EXPECT_EQ(dirent64_pack(buf, sizeof(buf), 0x1122334455667788ULL, 7,
				8, "hello", 5), 32);
	/* the offsets user space reads them at */
	EXPECT_EQ(*(const unsigned long long *)buf, 0x1122334455667788ULL);
	EXPECT_EQ(*(const long long *)(buf + 8), 7);
	EXPECT_EQ(*(const unsigned short *)(buf + 16), 32);
	EXPECT_EQ(buf[18], 8);
	EXPECT_STREQ((const char *)buf + 19, "hello");
	EXPECT_STREQ(d->d_name, "hello");
	/* the padding is zeroed, what follows the record untouched */
	for (int i = 19 + 6; i < 32; i++)
		EXPECT_EQ(buf[i], 0);
	EXPECT_EQ(buf[32], 0xee);
}

UNIT_TEST(dirent, too_small)
{
	unsigned char buf[64];

	memset(buf, 0xee, sizeof(buf));
	EXPECT_EQ(dirent64_pack(buf, 31, 1, 1, 4, "hello", 5), -EINVAL);
	EXPECT_EQ(dirent64_pack(buf, 0, 1, 1, 4, "a", 1), -EINVAL);
	EXPECT_EQ(buf[0], 0xee);
	EXPECT_EQ(dirent64_pack(buf, 24, 1, 1, 4, "abcd", 4), 24);
}

UNIT_TEST(stat, layout)
{
	struct kstat k = {
		.dev = MKDEV(8, 1), .ino = 99, .mode = 0100644, .nlink = 2,
		.uid = 1, .gid = 2, .rdev = MKDEV(4, 300), .size = -1 + 4097,
		.blksize = 4096, .blocks = 16, .atime = { 10, 11 },
		.mtime = { 12, 13 }, .ctime = { 14, 15 },
	};
	unsigned char st[144];
	unsigned long long v[18];

	memset(st, 0xee, sizeof(st));
	EXPECT_EQ(sizeof(struct stat), 144u);
	EXPECT_EQ(cp_new_stat(&k, (void *)st), 0);
	memcpy(v, st, sizeof(st));
	EXPECT_EQ(v[0], 0x801u);		/* st_dev 8:1 */
	EXPECT_EQ(v[1], 99u);			/* st_ino */
	EXPECT_EQ(v[2], 2u);			/* st_nlink */
	EXPECT_EQ(v[3] & 0xffffffff, 0100644u);	/* st_mode */
	EXPECT_EQ(v[3] >> 32, 1u);		/* st_uid */
	EXPECT_EQ(v[4] & 0xffffffff, 2u);	/* st_gid */
	EXPECT_EQ(v[4] >> 32, 0u);		/* __pad0 */
	EXPECT_EQ(v[5], 0x10042cu);		/* st_rdev 4:300 */
	EXPECT_EQ(v[6], 4096u);			/* st_size */
	EXPECT_EQ(v[7], 4096u);			/* st_blksize */
	EXPECT_EQ(v[8], 16u);			/* st_blocks */
	EXPECT_EQ(v[9], 10u);
	EXPECT_EQ(v[10], 11u);
	EXPECT_EQ(v[11], 12u);
	EXPECT_EQ(v[12], 13u);
	EXPECT_EQ(v[13], 14u);
	EXPECT_EQ(v[14], 15u);
	EXPECT_EQ(v[15] | v[16] | v[17], 0u);	/* __unused */
}
