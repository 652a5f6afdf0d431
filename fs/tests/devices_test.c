// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite fs_devices: the memory devices through devtmpfs, as user
 * space reaches them: /dev/null, /dev/zero, /dev/full, /dev/urandom and
 * /dev/random, /dev/kmsg with Linux's numbers and semantics, and the
 * nodes of /dev/mem and /dev/port (their rules are checked from user
 * space by tools/testing/selftests/pat/devmem.c).
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_syscalls.h>
#include <linux/ktest.h>
#include <linux/printk.h>
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

static void expect_node(struct ktest *t, const char *path, unsigned int minor,
			umode_t mode)
{
	struct kstat k;

	KTEST_EXPECT_EQ(t, t_stat(path, &k), 0);
	KTEST_EXPECT_EQ(t, k.mode, S_IFCHR | mode);
	KTEST_EXPECT_EQ(t, MAJOR(k.rdev), 1);
	KTEST_EXPECT_EQ(t, MINOR(k.rdev), minor);
}

static void test_nodes(struct ktest *t)
{
	if (mount_dev(t))
		return;
	expect_node(t, "/tdevfs/null", 3, 0666);
	expect_node(t, "/tdevfs/zero", 5, 0666);
	expect_node(t, "/tdevfs/full", 7, 0666);
	expect_node(t, "/tdevfs/random", 8, 0666);
	expect_node(t, "/tdevfs/urandom", 9, 0666);
	expect_node(t, "/tdevfs/mem", 1, 0600);
	expect_node(t, "/tdevfs/port", 4, 0600);
	/* a node of major 1 without a device (Linux's old kmem): ENXIO */
	KTEST_EXPECT_EQ(t, t_mknod("/tdevfs/kmem", S_IFCHR | 0600, MKDEV(1, 2)),
			0);
	KTEST_EXPECT_EQ(t, t_open("/tdevfs/kmem", O_RDONLY, 0), -ENXIO);
	KTEST_EXPECT_EQ(t, t_unlink("/tdevfs/kmem"), 0);
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

/* the next record at or after the position, in Linux's format */
static long kmsg_next(long fd, char *buf, size_t n)
{
	long r;

	do {
		r = t_read(fd, buf, n - 1);
	} while (r == -EPIPE);
	if (r > 0)
		buf[r] = '\0';
	return r;
}

/* "prio,seq,usec,-;" fields of @rec: false when malformed */
static bool kmsg_fields(const char *rec, unsigned long *prio,
			unsigned long long *seq, const char **text)
{
	const char *p = rec;
	unsigned long long v[3] = { 0 };
	int i;

	for (i = 0; i < 3; i++) {
		if (*p < '0' || *p > '9')
			return false;
		while (*p >= '0' && *p <= '9')
			v[i] = v[i] * 10 + *p++ - '0';
		if (*p++ != ',')
			return false;
	}
	if (*p++ != '-' || *p++ != ';')
		return false;
	*prio = v[0];
	*seq = v[1];
	*text = p;
	return true;
}

static void test_kmsg(struct ktest *t)
{
	char buf[600];
	unsigned long prio = 0;
	unsigned long long seq = 0, last_seq = 0;
	const char *text = "";
	bool saw_printk = false, saw_write = false, first = true;
	long fd, r;

	if (mount_dev(t))
		return;
	fd = t_open("/tdevfs/kmsg", O_RDWR, 0);
	KTEST_ASSERT_TRUE(t, fd >= 0);
	KTEST_EXPECT_EQ(t, ksys_lseek(fd, 0, SEEK_END), 0);
	KTEST_EXPECT_EQ(t, ksys_lseek(fd, 5, SEEK_SET), -ESPIPE);
	/* at the end: nothing to wait for yet */
	KTEST_EXPECT_EQ(t, t_read(fd, buf, sizeof(buf)), -EAGAIN);
	pr_warn("fs_devices: kmsg \\ test\n");
	KTEST_EXPECT_EQ(t, t_write(fd, "<3>written to kmsg\n", 19), 19);
	while ((r = kmsg_next(fd, buf, sizeof(buf))) > 0) {
		if (!kmsg_fields(buf, &prio, &seq, &text)) {
			ktest_fail(t, __FILE__, __LINE__, "bad record %s", buf);
			continue;
		}
		KTEST_EXPECT_EQ(t, buf[r - 1], '\n');
		if (!first)
			KTEST_EXPECT_EQ(t, seq, last_seq + 1);
		first = false;
		last_seq = seq;
		/* Linux escapes the backslash; level 4 in facility 0 */
		if (!strcmp(text, "fs_devices: kmsg \\x5c test\n")) {
			saw_printk = true;
			KTEST_EXPECT_EQ(t, prio, 4);
		}
		/* LOG_USER (1) << 3 | 3 */
		if (!strcmp(text, "written to kmsg\n")) {
			saw_write = true;
			KTEST_EXPECT_EQ(t, prio, 11);
		}
	}
	KTEST_EXPECT_EQ(t, r, -EAGAIN);
	KTEST_EXPECT_TRUE(t, saw_printk);
	KTEST_EXPECT_TRUE(t, saw_write);
	/* from the start again; a buffer too small for a record: EINVAL */
	KTEST_EXPECT_EQ(t, ksys_lseek(fd, 0, SEEK_SET), 0);
	KTEST_EXPECT_EQ(t, t_read(fd, buf, 8), -EINVAL);
	KTEST_EXPECT_TRUE(t, kmsg_next(fd, buf, sizeof(buf)) > 0);
	close_fd(fd);
	umount_dev(t);
}

static struct ktest_case fs_devices_cases[] = {
	KTEST_CASE(test_nodes),
	KTEST_CASE(test_null_zero_full),
	KTEST_CASE(test_urandom),
	KTEST_CASE(test_kmsg),
	{}
};
KTEST_SUITE(fs_devices, fs_devices_cases);
