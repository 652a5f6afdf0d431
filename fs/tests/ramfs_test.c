// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite fs_ramfs: regular file semantics of the root file system
 * (fs/ramfs/): holes read as zeros, truncation, O_APPEND, O_TRUNC,
 * positioned I/O, rename, hard links and link counts, device nodes,
 * and an unlinked file that lives until its last close.
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_syscalls.h>
#include <linux/gfp.h>
#include <linux/ktest.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/page.h>
#include "vfs_helpers.h"

static bool all_zero(const char *p, size_t n)
{
	while (n--)
		if (*p++)
			return false;
	return true;
}

static void test_holes(struct ktest *t)
{
	char *buf = kmalloc(3 * PAGE_SIZE, GFP_KERNEL);
	struct kstat k;
	long fd;

	KTEST_ASSERT_TRUE(t, buf != NULL);
	fd = t_open("/th", O_RDWR | O_CREAT | O_EXCL, 0644);
	KTEST_ASSERT_TRUE(t, fd >= 0);
	/* one byte far past the end: the gap reads as zeros */
	KTEST_EXPECT_EQ(t, t_pwrite(fd, "z", 1, 2 * PAGE_SIZE + 10), 1);
	KTEST_EXPECT_EQ(t, t_stat("/th", &k), 0);
	KTEST_EXPECT_EQ(t, k.size, 2 * PAGE_SIZE + 11);
	/* only the written page is backed */
	KTEST_EXPECT_EQ(t, k.blocks, PAGE_SIZE / 512);
	memset(buf, 0x5a, 3 * PAGE_SIZE);
	KTEST_EXPECT_EQ(t, t_pread(fd, buf, 3 * PAGE_SIZE, 0),
			2 * PAGE_SIZE + 11);
	KTEST_EXPECT_TRUE(t, all_zero(buf, 2 * PAGE_SIZE + 10));
	KTEST_EXPECT_EQ(t, buf[2 * PAGE_SIZE + 10], 'z');
	/* reading at or past the end: 0 */
	KTEST_EXPECT_EQ(t, t_pread(fd, buf, 10, 2 * PAGE_SIZE + 11), 0);
	KTEST_EXPECT_EQ(t, t_pread(fd, buf, 10, 1 << 30), 0);
	KTEST_EXPECT_EQ(t, t_pread(fd, buf, 10, -1), -EINVAL);
	close_fd(fd);
	t_unlink("/th");
	kfree(buf);
}

static void test_truncate(struct ktest *t)
{
	char buf[32];
	struct kstat k;
	long fd;

	fd = t_open("/tt", O_RDWR | O_CREAT | O_TRUNC, 0644);
	KTEST_ASSERT_TRUE(t, fd >= 0);
	KTEST_EXPECT_EQ(t, t_write(fd, "0123456789", 10), 10);
	KTEST_EXPECT_EQ(t, do_ftruncate(fd, 4), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tt", &k), 0);
	KTEST_EXPECT_EQ(t, k.size, 4);
	/* growing again shows zeros where the old bytes were */
	KTEST_EXPECT_EQ(t, do_ftruncate(fd, 8), 0);
	memset(buf, 'x', sizeof(buf));
	KTEST_EXPECT_EQ(t, t_pread(fd, buf, sizeof(buf), 0), 8);
	KTEST_EXPECT_EQ(t, memcmp(buf, "0123\0\0\0\0", 8), 0);
	KTEST_EXPECT_EQ(t, do_ftruncate(fd, -1), -EINVAL);
	KTEST_EXPECT_EQ(t, do_ftruncate(fd, 0), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tt", &k), 0);
	KTEST_EXPECT_EQ(t, k.size, 0);
	KTEST_EXPECT_EQ(t, k.blocks, 0);
	close_fd(fd);
	/* not open for writing: EINVAL, as Linux */
	fd = t_open("/tt", O_RDONLY, 0);
	KTEST_EXPECT_EQ(t, do_ftruncate(fd, 1), -EINVAL);
	close_fd(fd);
	/* O_TRUNC empties */
	KTEST_EXPECT_EQ(t, t_put_file("/tt", "abc"), 0);
	fd = t_open("/tt", O_WRONLY | O_TRUNC, 0);
	KTEST_EXPECT_EQ(t, t_stat("/tt", &k), 0);
	KTEST_EXPECT_EQ(t, k.size, 0);
	close_fd(fd);
	t_unlink("/tt");
}

static void test_append_and_position(struct ktest *t)
{
	char buf[16] = { 0 };
	long fd, fd2;

	KTEST_EXPECT_EQ(t, t_put_file("/ta", "abc"), 0);
	fd = t_open("/ta", O_WRONLY | O_APPEND, 0);
	KTEST_ASSERT_TRUE(t, fd >= 0);
	/* O_APPEND writes at the end whatever the position */
	KTEST_EXPECT_EQ(t, ksys_lseek(fd, 0, SEEK_SET), 0);
	KTEST_EXPECT_EQ(t, t_write(fd, "de", 2), 2);
	KTEST_EXPECT_EQ(t, ksys_lseek(fd, 0, SEEK_CUR), 5);
	/* reading a write-only descriptor: EBADF */
	KTEST_EXPECT_EQ(t, t_read(fd, buf, 1), -EBADF);
	close_fd(fd);
	fd = t_open("/ta", O_RDONLY, 0);
	KTEST_EXPECT_EQ(t, t_write(fd, "x", 1), -EBADF);
	KTEST_EXPECT_EQ(t, t_read(fd, buf, sizeof(buf)), 5);
	KTEST_EXPECT_STREQ(t, buf, "abcde");
	/* lseek: SEEK_END, SEEK_CUR, past the end, negative */
	KTEST_EXPECT_EQ(t, ksys_lseek(fd, -2, SEEK_END), 3);
	KTEST_EXPECT_EQ(t, t_read(fd, buf, 1), 1);
	KTEST_EXPECT_EQ(t, buf[0], 'd');
	KTEST_EXPECT_EQ(t, ksys_lseek(fd, 1, SEEK_CUR), 5);
	KTEST_EXPECT_EQ(t, ksys_lseek(fd, 100, SEEK_SET), 100);
	KTEST_EXPECT_EQ(t, ksys_lseek(fd, -101, SEEK_CUR), -EINVAL);
	KTEST_EXPECT_EQ(t, ksys_lseek(fd, 0, 3), -EINVAL);
	KTEST_EXPECT_EQ(t, ksys_lseek(fd, 0, SEEK_CUR), 100);
	/* a dup shares the position, a second open does not */
	fd2 = ksys_dup(fd);
	KTEST_EXPECT_EQ(t, ksys_lseek(fd2, 1, SEEK_SET), 1);
	KTEST_EXPECT_EQ(t, ksys_lseek(fd, 0, SEEK_CUR), 1);
	close_fd(fd2);
	fd2 = t_open("/ta", O_RDONLY, 0);
	KTEST_EXPECT_EQ(t, ksys_lseek(fd2, 0, SEEK_CUR), 0);
	close_fd(fd2);
	close_fd(fd);
	t_unlink("/ta");
}

static void test_hard_links(struct ktest *t)
{
	char buf[8] = { 0 };
	struct kstat a, b;
	long fd;

	KTEST_ASSERT_TRUE(t, t_mkdir("/tk", 0755) == 0);
	KTEST_EXPECT_EQ(t, t_put_file("/tk/a", "one"), 0);
	KTEST_EXPECT_EQ(t, t_link("/tk/a", "/tk/b"), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tk/a", &a), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tk/b", &b), 0);
	KTEST_EXPECT_EQ(t, a.ino, b.ino);
	KTEST_EXPECT_EQ(t, a.nlink, 2);
	/* one file: a write through one name shows through the other */
	fd = t_open("/tk/b", O_WRONLY, 0);
	KTEST_EXPECT_EQ(t, t_write(fd, "ONE", 3), 3);
	close_fd(fd);
	fd = t_open("/tk/a", O_RDONLY, 0);
	KTEST_EXPECT_EQ(t, t_read(fd, buf, sizeof(buf)), 3);
	KTEST_EXPECT_STREQ(t, buf, "ONE");
	/* unlinked while open: the data lives until the close */
	KTEST_EXPECT_EQ(t, t_unlink("/tk/a"), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tk/b", &b), 0);
	KTEST_EXPECT_EQ(t, b.nlink, 1);
	KTEST_EXPECT_EQ(t, t_unlink("/tk/b"), 0);
	KTEST_EXPECT_EQ(t, vfs_fstat(fd, &b), 0);
	KTEST_EXPECT_EQ(t, b.nlink, 0);
	KTEST_EXPECT_EQ(t, t_pread(fd, buf, 3, 0), 3);
	close_fd(fd);
	/* directories count their subdirectories' ".." */
	KTEST_EXPECT_EQ(t, t_stat("/tk", &a), 0);
	KTEST_EXPECT_EQ(t, a.nlink, 2);
	KTEST_EXPECT_EQ(t, t_mkdir("/tk/s1", 0755), 0);
	KTEST_EXPECT_EQ(t, t_mkdir("/tk/s2", 0755), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tk", &a), 0);
	KTEST_EXPECT_EQ(t, a.nlink, 4);
	KTEST_EXPECT_EQ(t, t_rmdir("/tk/s2"), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tk", &a), 0);
	KTEST_EXPECT_EQ(t, a.nlink, 3);
	t_rm_rf("/tk");
}

static void test_rename(struct ktest *t)
{
	struct kstat a, b, d1, d2;

	KTEST_ASSERT_TRUE(t, t_mkdir("/tr", 0755) == 0);
	KTEST_EXPECT_EQ(t, t_mkdir("/tr/d1", 0755), 0);
	KTEST_EXPECT_EQ(t, t_mkdir("/tr/d2", 0755), 0);
	KTEST_EXPECT_EQ(t, t_put_file("/tr/d1/f", "f"), 0);
	KTEST_EXPECT_EQ(t, t_put_file("/tr/g", "g"), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tr/d1/f", &a), 0);
	KTEST_EXPECT_EQ(t, t_rename("/tr/d1/f", "/tr/d2/h"), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tr/d1/f", &b), -ENOENT);
	KTEST_EXPECT_EQ(t, t_stat("/tr/d2/h", &b), 0);
	KTEST_EXPECT_EQ(t, a.ino, b.ino);
	/* over an existing file: it goes */
	KTEST_EXPECT_EQ(t, t_rename("/tr/g", "/tr/d2/h"), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tr/d2/h", &b), 0);
	KTEST_EXPECT_NE(t, a.ino, b.ino);
	KTEST_EXPECT_EQ(t, b.nlink, 1);
	/* onto itself, or a hard link of itself: nothing happens */
	KTEST_EXPECT_EQ(t, t_rename("/tr/d2/h", "/tr/d2/h"), 0);
	KTEST_EXPECT_EQ(t, t_link("/tr/d2/h", "/tr/d2/h2"), 0);
	KTEST_EXPECT_EQ(t, t_rename("/tr/d2/h", "/tr/d2/h2"), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tr/d2/h", &b), 0);
	/* a directory into another: the link counts follow */
	KTEST_EXPECT_EQ(t, t_mkdir("/tr/d1/sub", 0755), 0);
	KTEST_EXPECT_EQ(t, t_rename("/tr/d1/sub", "/tr/d2/sub"), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tr/d1", &d1), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tr/d2", &d2), 0);
	KTEST_EXPECT_EQ(t, d1.nlink, 2);
	KTEST_EXPECT_EQ(t, d2.nlink, 3);
	KTEST_EXPECT_EQ(t, t_stat("/tr/d2/sub/..", &a), 0);
	KTEST_EXPECT_EQ(t, a.ino, d2.ino);
	/* over an empty directory */
	KTEST_EXPECT_EQ(t, t_rename("/tr/d2/sub", "/tr/d1"), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tr/d2/sub", &a), -ENOENT);
	t_rm_rf("/tr");
}

static void test_device_nodes(struct ktest *t)
{
	struct kstat k;

	KTEST_EXPECT_EQ(t, t_mknod("/tdev", S_IFCHR | 0600, MKDEV(4, 300)),
			0);
	KTEST_EXPECT_EQ(t, t_stat("/tdev", &k), 0);
	KTEST_EXPECT_EQ(t, k.mode, S_IFCHR | 0600);
	KTEST_EXPECT_EQ(t, MAJOR(k.rdev), 4);
	KTEST_EXPECT_EQ(t, MINOR(k.rdev), 300);
	/* Linux's stat encoding of 4:300 */
	KTEST_EXPECT_EQ(t, new_encode_dev(k.rdev), 0x100000 | 0x400 | 0x2c);
	/* nobody registered major 4 here: ENXIO */
	KTEST_EXPECT_EQ(t, t_open("/tdev", O_RDONLY, 0), -ENXIO);
	KTEST_EXPECT_EQ(t, t_unlink("/tdev"), 0);
	/* a regular file through mknod */
	KTEST_EXPECT_EQ(t, t_mknod("/treg", 0644, 0), 0);
	KTEST_EXPECT_EQ(t, t_stat("/treg", &k), 0);
	KTEST_EXPECT_EQ(t, k.mode, S_IFREG | 0644);
	KTEST_EXPECT_EQ(t, t_unlink("/treg"), 0);
	KTEST_EXPECT_EQ(t, t_mknod("/tbad", 0170000 | 0644, 0), -EINVAL);
}

/* everything a case allocated comes back when its files go */
static void test_no_leak(struct ktest *t)
{
	unsigned long before = nr_free_pages();
	char *buf = kzalloc(PAGE_SIZE, GFP_KERNEL);
	long fd;
	int i;

	KTEST_ASSERT_TRUE(t, buf != NULL);
	fd = t_open("/tleak", O_RDWR | O_CREAT, 0644);
	for (i = 0; i < 64; i++)
		KTEST_EXPECT_EQ(t, t_write(fd, buf, PAGE_SIZE), PAGE_SIZE);
	KTEST_EXPECT_TRUE(t, nr_free_pages() + 64 <= before);
	close_fd(fd);
	KTEST_EXPECT_EQ(t, t_unlink("/tleak"), 0);
	kfree(buf);
	/* the page table of the file is kmalloc()ed: allow its slab pages */
	KTEST_EXPECT_TRUE(t, nr_free_pages() + 2 >= before);
}

static struct ktest_case fs_ramfs_cases[] = {
	KTEST_CASE(test_holes),
	KTEST_CASE(test_truncate),
	KTEST_CASE(test_append_and_position),
	KTEST_CASE(test_hard_links),
	KTEST_CASE(test_rename),
	KTEST_CASE(test_device_nodes),
	KTEST_CASE(test_no_leak),
	{}
};
KTEST_SUITE(fs_ramfs, fs_ramfs_cases);
