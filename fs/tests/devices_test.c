// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite fs_devices: the memory devices through devtmpfs, as user
 * space reaches them: /dev/null, /dev/zero, /dev/full, /dev/urandom and
 * /dev/random with Linux's numbers and semantics.
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_syscalls.h>
#include <linux/ktest.h>
#include <linux/string.h>
#include "vfs_helpers.h"

/* the index of the first non-zero byte, or 0 when all are zero */
static size_t memchr_inv_zero(const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i])
			return i + 1;
	return 0;
}

static int mount_dev(struct ktest *t)
{
	int err = t_mkdir("/tdevfs", 0755);

	if (!err)
		err = t_mount("devtmpfs", "/tdevfs");
	if (err) {
		ktest_fail(t, __FILE__, __LINE__, "cannot mount devtmpfs: %d",
			   err);
		t_rmdir("/tdevfs");
	}
	return err;
}

static void umount_dev(struct ktest *t)
{
	KTEST_EXPECT_EQ(t, t_umount("/tdevfs"), 0);
	KTEST_EXPECT_EQ(t, t_rmdir("/tdevfs"), 0);
}

static void expect_node(struct ktest *t, const char *path, unsigned int minor)
{
	struct kstat k;

	KTEST_EXPECT_EQ(t, t_stat(path, &k), 0);
	KTEST_EXPECT_EQ(t, k.mode, S_IFCHR | 0666);
	KTEST_EXPECT_EQ(t, MAJOR(k.rdev), 1);
	KTEST_EXPECT_EQ(t, MINOR(k.rdev), minor);
}

static void test_nodes(struct ktest *t)
{
	if (mount_dev(t))
		return;
	expect_node(t, "/tdevfs/null", 3);
	expect_node(t, "/tdevfs/zero", 5);
	expect_node(t, "/tdevfs/full", 7);
	expect_node(t, "/tdevfs/random", 8);
	expect_node(t, "/tdevfs/urandom", 9);
	/* a node of major 1 without a device: ENXIO */
	KTEST_EXPECT_EQ(t, t_mknod("/tdevfs/mem", S_IFCHR | 0600, MKDEV(1, 1)),
			0);
	KTEST_EXPECT_EQ(t, t_open("/tdevfs/mem", O_RDONLY, 0), -ENXIO);
	KTEST_EXPECT_EQ(t, t_unlink("/tdevfs/mem"), 0);
	umount_dev(t);
}

static void test_null_zero_full(struct ktest *t)
{
	char buf[100];
	long fd;

	if (mount_dev(t))
		return;
	fd = t_open("/tdevfs/null", O_RDWR, 0);
	KTEST_ASSERT_TRUE(t, fd >= 0);
	KTEST_EXPECT_EQ(t, t_write(fd, "abc", 3), 3);
	KTEST_EXPECT_EQ(t, t_read(fd, buf, sizeof(buf)), 0);
	KTEST_EXPECT_EQ(t, ksys_lseek(fd, 123, SEEK_SET), 0);
	close_fd(fd);

	fd = t_open("/tdevfs/zero", O_RDWR, 0);
	KTEST_ASSERT_TRUE(t, fd >= 0);
	memset(buf, 0x77, sizeof(buf));
	KTEST_EXPECT_EQ(t, t_read(fd, buf, sizeof(buf)), sizeof(buf));
	KTEST_EXPECT_EQ(t, memchr_inv_zero(buf, sizeof(buf)), 0);
	KTEST_EXPECT_EQ(t, t_write(fd, "abc", 3), 3);
	close_fd(fd);

	fd = t_open("/tdevfs/full", O_RDWR, 0);
	KTEST_ASSERT_TRUE(t, fd >= 0);
	KTEST_EXPECT_EQ(t, t_write(fd, "abc", 3), -ENOSPC);
	memset(buf, 0x77, sizeof(buf));
	KTEST_EXPECT_EQ(t, t_read(fd, buf, sizeof(buf)), sizeof(buf));
	KTEST_EXPECT_EQ(t, memchr_inv_zero(buf, sizeof(buf)), 0);
	close_fd(fd);
	umount_dev(t);
}

static void test_urandom(struct ktest *t)
{
	unsigned char a[256], b[256];
	unsigned int counts[256] = { 0 }, i, maxc = 0;
	long fd;

	if (mount_dev(t))
		return;
	fd = t_open("/tdevfs/urandom", O_RDWR, 0);
	KTEST_ASSERT_TRUE(t, fd >= 0);
	KTEST_EXPECT_EQ(t, t_read(fd, a, sizeof(a)), sizeof(a));
	KTEST_EXPECT_EQ(t, t_read(fd, b, sizeof(b)), sizeof(b));
	/* two reads never repeat; bytes spread (256 draws: no value > 12) */
	KTEST_EXPECT_NE(t, memcmp(a, b, sizeof(a)), 0);
	for (i = 0; i < sizeof(a); i++)
		counts[a[i]]++;
	for (i = 0; i < 256; i++)
		maxc = max(maxc, counts[i]);
	KTEST_EXPECT_TRUE(t, maxc <= 12);
	KTEST_EXPECT_EQ(t, t_write(fd, "seed", 4), 4);
	close_fd(fd);
	fd = t_open("/tdevfs/random", O_RDONLY, 0);
	KTEST_EXPECT_EQ(t, t_read(fd, a, 7), 7);
	close_fd(fd);
	umount_dev(t);
}

static struct ktest_case fs_devices_cases[] = {
	KTEST_CASE(test_nodes),
	KTEST_CASE(test_null_zero_full),
	KTEST_CASE(test_urandom),
	{}
};
KTEST_SUITE(fs_devices, fs_devices_cases);
