// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite fs_initramfs: the tree populate_rootfs() unpacked, when the
 * boot had the selftests' "tree" image (tools/testing/selftests/
 * hardening/cases_initramfs.py, case initramfs_tree_ktest); skipped
 * otherwise.  The image's members and attributes are written there by
 * an independent writer; the values below are the ones it archives.
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/ktest.h>
#include <linux/string.h>
#include "vfs_helpers.h"

#define TREE_MTIME	1234567890
#define TREE_DIR_MTIME	1111111111

static bool have_tree(struct ktest *t)
{
	struct kstat k;

	if (t_stat("/tree-marker", &k)) {
		ktest_skip(t, "no -initrd with the selftests' tree image");
		return false;
	}
	return true;
}

static void test_regular_file(struct ktest *t)
{
	char buf[16] = { 0 };
	struct kstat k;
	long fd;

	if (!have_tree(t))
		return;
	KTEST_EXPECT_EQ(t, t_stat("/etc/hello", &k), 0);
	KTEST_EXPECT_EQ(t, k.mode, S_IFREG | 0640);
	KTEST_EXPECT_EQ(t, k.uid, 1000);
	KTEST_EXPECT_EQ(t, k.gid, 100);
	KTEST_EXPECT_EQ(t, k.mtime.tv_sec, TREE_MTIME);
	KTEST_EXPECT_EQ(t, k.size, 6);
	fd = t_open("/etc/hello", O_RDONLY, 0);
	KTEST_ASSERT_TRUE(t, fd >= 0);
	KTEST_EXPECT_EQ(t, t_read(fd, buf, sizeof(buf)), 6);
	KTEST_EXPECT_STREQ(t, buf, "hello\n");
	close_fd(fd);
}

static void test_directories_and_links(struct ktest *t)
{
	char buf[32] = { 0 };
	struct kstat a, b;

	if (!have_tree(t))
		return;
	/* a directory's mtime survives the creation of its contents */
	KTEST_EXPECT_EQ(t, t_stat("/etc", &a), 0);
	KTEST_EXPECT_EQ(t, a.mode, S_IFDIR | 0750);
	KTEST_EXPECT_EQ(t, a.mtime.tv_sec, TREE_DIR_MTIME);
	KTEST_EXPECT_EQ(t, t_lstat("/init", &a), 0);
	KTEST_EXPECT_TRUE(t, S_ISLNK(a.mode));
	KTEST_EXPECT_EQ(t, t_readlink("/init", buf, sizeof(buf)), 12);
	KTEST_EXPECT_STREQ(t, buf, "/bin/busybox");
	KTEST_EXPECT_EQ(t, t_stat("/init", &a), 0);
	KTEST_EXPECT_EQ(t, a.mode, S_IFREG | 0755);
	/* hard links: one inode, two names, the data once */
	KTEST_EXPECT_EQ(t, t_stat("/bin/one", &a), 0);
	KTEST_EXPECT_EQ(t, t_stat("/bin/two", &b), 0);
	KTEST_EXPECT_EQ(t, a.ino, b.ino);
	KTEST_EXPECT_EQ(t, a.nlink, 2);
	KTEST_EXPECT_EQ(t, a.size, 4);
}

static void test_device_node(struct ktest *t)
{
	struct kstat k;

	if (!have_tree(t))
		return;
	KTEST_EXPECT_EQ(t, t_stat("/dev/console", &k), 0);
	KTEST_EXPECT_EQ(t, k.mode, S_IFCHR | 0600);
	KTEST_EXPECT_EQ(t, MAJOR(k.rdev), 5);
	KTEST_EXPECT_EQ(t, MINOR(k.rdev), 1);
}

static struct ktest_case fs_initramfs_cases[] = {
	KTEST_CASE(test_regular_file),
	KTEST_CASE(test_directories_and_links),
	KTEST_CASE(test_device_node),
	{}
};
KTEST_SUITE(fs_initramfs, fs_initramfs_cases);
