// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite fs_dirent: getdents64 records (struct linux_dirent64) as
 * user space parses them, and the x86-64 struct stat layout.
 */
#include <linux/dirent.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_syscalls.h>
#include <linux/ktest.h>
#include <linux/string.h>
#include "vfs_helpers.h"

struct seen {
	const char *name;
	unsigned char type;
	bool found;
};

static void test_getdents64_records(struct ktest *t)
{
	struct seen want[] = {
		{ ".", DT_DIR, false }, { "..", DT_DIR, false }, { "file", DT_REG, false },
		{ "dir", DT_DIR, false }, { "link", DT_LNK, false }, { "chr", DT_CHR, false },
		{ "a-name-of-exactly-twenty-four", DT_REG, false },
	};
	char buf[512];
	struct kstat k;
	long fd;
	ssize_t n, off;
	s64 last_off = 0;
	unsigned int i, records = 0;

	KTEST_ASSERT_TRUE(t, t_mkdir("/tg", 0755) == 0);
	KTEST_EXPECT_EQ(t, t_put_file("/tg/file", ""), 0);
	KTEST_EXPECT_EQ(t, t_mkdir("/tg/dir", 0755), 0);
	KTEST_EXPECT_EQ(t, t_symlink("file", "/tg/link"), 0);
	KTEST_EXPECT_EQ(t, t_mknod("/tg/chr", S_IFCHR | 0600, MKDEV(1, 3)), 0);
	KTEST_EXPECT_EQ(t, t_put_file("/tg/a-name-of-exactly-twenty-four", ""),
			0);
	fd = t_open("/tg", O_RDONLY | O_DIRECTORY, 0);
	KTEST_ASSERT_TRUE(t, fd >= 0);
	n = t_getdents(fd, buf, sizeof(buf));
	KTEST_EXPECT_TRUE(t, n > 0);
	for (off = 0; off < n; records++) {
		struct linux_dirent64 *d = (void *)(buf + off);
		size_t len = strlen(d->d_name);

		/* 8-byte aligned, exactly as long as name + NUL rounded up */
		KTEST_EXPECT_EQ(t, d->d_reclen % 8, 0);
		KTEST_EXPECT_EQ(t, d->d_reclen, ALIGN(19 + len + 1, 8));
		KTEST_EXPECT_TRUE(t, d->d_off > last_off);
		last_off = d->d_off;
		for (i = 0; i < ARRAY_SIZE(want); i++)
			if (!strcmp(want[i].name, d->d_name)) {
				KTEST_EXPECT_EQ(t, d->d_type, want[i].type);
				KTEST_EXPECT_FALSE(t, want[i].found);
				want[i].found = true;
			}
		if (!strcmp(d->d_name, "file")) {
			KTEST_EXPECT_EQ(t, t_stat("/tg/file", &k), 0);
			KTEST_EXPECT_EQ(t, d->d_ino, k.ino);
		}
		off += d->d_reclen;
	}
	KTEST_EXPECT_EQ(t, off, n);
	KTEST_EXPECT_EQ(t, records, ARRAY_SIZE(want));
	for (i = 0; i < ARRAY_SIZE(want); i++)
		KTEST_EXPECT_TRUE(t, want[i].found);
	/* the end: 0; from a d_off again: the rest */
	KTEST_EXPECT_EQ(t, t_getdents(fd, buf, sizeof(buf)), 0);
	KTEST_EXPECT_EQ(t, ksys_lseek(fd, 2, SEEK_SET), 2);
	n = t_getdents(fd, buf, sizeof(buf));
	KTEST_EXPECT_STREQ(t, ((struct linux_dirent64 *)buf)->d_name, "file");
	/* a buffer too small for one record: EINVAL; one record: one */
	KTEST_EXPECT_EQ(t, ksys_lseek(fd, 0, SEEK_SET), 0);
	KTEST_EXPECT_EQ(t, t_getdents(fd, buf, 20), -EINVAL);
	KTEST_EXPECT_EQ(t, t_getdents(fd, buf, 24), 24);
	KTEST_EXPECT_EQ(t, t_getdents(fd, buf, 24), 24);	/* ".." */
	close_fd(fd);
	/* not a directory */
	fd = t_open("/tg/file", O_RDONLY, 0);
	KTEST_EXPECT_EQ(t, t_getdents(fd, buf, sizeof(buf)), -ENOTDIR);
	close_fd(fd);
	KTEST_EXPECT_EQ(t, t_getdents(NR_OPEN_DEFAULT, buf, sizeof(buf)),
			-EBADF);
	t_rm_rf("/tg");
}

static void test_stat_layout(struct ktest *t)
{
	struct kstat k = {
		.dev = MKDEV(0, 5), .ino = 77, .mode = S_IFREG | 0640,
		.nlink = 3, .uid = 1000, .gid = 100, .rdev = MKDEV(1, 9),
		.size = 12345, .blksize = 4096, .blocks = 32,
		.atime = { 1, 2 }, .mtime = { 3, 4 }, .ctime = { 5, 6 },
	};
	struct stat st;
	const unsigned char *p = (const void *)&st;

	/* Linux x86-64's offsets (arch/x86/include/uapi/asm/stat.h) */
	KTEST_EXPECT_EQ(t, sizeof(struct stat), 144);
	KTEST_EXPECT_EQ(t, offsetof(struct stat, st_ino), 8);
	KTEST_EXPECT_EQ(t, offsetof(struct stat, st_nlink), 16);
	KTEST_EXPECT_EQ(t, offsetof(struct stat, st_mode), 24);
	KTEST_EXPECT_EQ(t, offsetof(struct stat, st_uid), 28);
	KTEST_EXPECT_EQ(t, offsetof(struct stat, st_gid), 32);
	KTEST_EXPECT_EQ(t, offsetof(struct stat, st_rdev), 40);
	KTEST_EXPECT_EQ(t, offsetof(struct stat, st_size), 48);
	KTEST_EXPECT_EQ(t, offsetof(struct stat, st_blksize), 56);
	KTEST_EXPECT_EQ(t, offsetof(struct stat, st_blocks), 64);
	KTEST_EXPECT_EQ(t, offsetof(struct stat, st_atime), 72);
	KTEST_EXPECT_EQ(t, offsetof(struct stat, st_mtime), 88);
	KTEST_EXPECT_EQ(t, offsetof(struct stat, st_ctime), 104);
	KTEST_EXPECT_EQ(t, cp_new_stat(&k, &st), 0);
	/* read back as bytes at the offsets user space uses */
	KTEST_EXPECT_EQ(t, *(const u64 *)(p + 0), 5);	/* 0:5 encoded */
	KTEST_EXPECT_EQ(t, *(const u64 *)(p + 8), 77);
	KTEST_EXPECT_EQ(t, *(const u64 *)(p + 16), 3);
	KTEST_EXPECT_EQ(t, *(const u32 *)(p + 24), S_IFREG | 0640);
	KTEST_EXPECT_EQ(t, *(const u32 *)(p + 28), 1000);
	KTEST_EXPECT_EQ(t, *(const u32 *)(p + 32), 100);
	KTEST_EXPECT_EQ(t, *(const u64 *)(p + 40), 0x109);
	KTEST_EXPECT_EQ(t, *(const s64 *)(p + 48), 12345);
	KTEST_EXPECT_EQ(t, *(const u64 *)(p + 72), 1);
	KTEST_EXPECT_EQ(t, *(const u64 *)(p + 80), 2);
	KTEST_EXPECT_EQ(t, *(const u64 *)(p + 112), 6);
}

static struct ktest_case fs_dirent_cases[] = {
	KTEST_CASE(test_getdents64_records),
	KTEST_CASE(test_stat_layout),
	{}
};
KTEST_SUITE(fs_dirent, fs_dirent_cases);
