// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite fs_vfilefs: proc, sysfs and debugfs mounted as user space
 * mounts them, showing the virtual files (include/linux/vfile.h): a
 * read through the VFS gives exactly vfile_show()'s text, directories
 * list what vfile_list() lists, files that go away go away.
 */
#include <linux/dirent.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_syscalls.h>
#include <linux/ktest.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vfile.h>
#include "vfs_helpers.h"

#define TEXT_MAX	65536

/* the whole file through the VFS, in small reads; its length or -errno */
static long read_all(const char *path, char *buf, size_t size)
{
	long fd = t_open(path, O_RDONLY, 0);
	ssize_t n, total = 0;

	if (fd < 0)
		return fd;
	while ((n = t_read(fd, buf + total, min_t(size_t, 100,
						  size - total))) > 0)
		total += n;
	close_fd(fd);
	return n < 0 ? n : total;
}

static void expect_same_text(struct ktest *t, const char *mounted,
			     const char *registry)
{
	char *a = kmalloc(TEXT_MAX, GFP_KERNEL), *b = kmalloc(TEXT_MAX,
							      GFP_KERNEL);
	struct seq_file m = { .buf = b, .size = TEXT_MAX };
	long n;

	KTEST_ASSERT_TRUE(t, a && b);
	n = read_all(mounted, a, TEXT_MAX);
	KTEST_EXPECT_EQ(t, vfile_show(registry, &m), 0);
	KTEST_EXPECT_FALSE(t, m.overflow);
	KTEST_EXPECT_TRUE(t, n > 0);
	KTEST_EXPECT_EQ(t, n, m.count);
	if (n == (long)m.count)
		KTEST_EXPECT_EQ(t, memcmp(a, b, n), 0);
	kfree(a);
	kfree(b);
}

static bool dir_has(const char *dir, const char *name, unsigned char type)
{
	char *buf = kmalloc(4096, GFP_KERNEL);
	long fd = t_open(dir, O_RDONLY | O_DIRECTORY, 0);
	ssize_t n, off;
	bool found = false;

	while (buf && fd >= 0 && (n = t_getdents(fd, buf, 4096)) > 0)
		for (off = 0; off < n;) {
			struct linux_dirent64 *d = (void *)(buf + off);

			if (!strcmp(d->d_name, name) && d->d_type == type)
				found = true;
			off += d->d_reclen;
		}
	if (fd >= 0)
		close_fd(fd);
	kfree(buf);
	return found;
}

static void test_proc(struct ktest *t)
{
	struct kstat k;

	KTEST_ASSERT_TRUE(t, t_mkdir("/tproc", 0555) == 0);
	KTEST_ASSERT_TRUE(t, t_mount("proc", "/tproc") == 0);
	expect_same_text(t, "/tproc/mtrr", "/proc/mtrr");
	expect_same_text(t, "/tproc/cmdline", "/proc/cmdline");
	KTEST_EXPECT_EQ(t, t_stat("/tproc/cmdline", &k), 0);
	KTEST_EXPECT_EQ(t, k.mode, S_IFREG | 0444);
	/* a proc_create_ops() file has its owner's mode: Linux's 0644 */
	KTEST_EXPECT_EQ(t, t_stat("/tproc/mtrr", &k), 0);
	KTEST_EXPECT_EQ(t, k.mode, S_IFREG | 0644);
	KTEST_EXPECT_EQ(t, t_stat("/tproc", &k), 0);
	KTEST_EXPECT_EQ(t, k.mode, S_IFDIR | 0555);
	KTEST_EXPECT_TRUE(t, dir_has("/tproc", "mtrr", DT_REG));
	KTEST_EXPECT_TRUE(t, dir_has("/tproc", "cmdline", DT_REG));
	KTEST_EXPECT_EQ(t, t_stat("/tproc/no-such-file", &k), -ENOENT);
	KTEST_EXPECT_EQ(t, t_put_file("/tproc/new", "x"), -EACCES);
	KTEST_EXPECT_EQ(t, t_umount("/tproc"), 0);
	KTEST_EXPECT_EQ(t, t_rmdir("/tproc"), 0);
}

static int fs_test_show(struct seq_file *m, void *private)
{
	seq_printf(m, "value %d\n", *(int *)private);
	return 0;
}

static void test_sysfs_and_debugfs(struct ktest *t)
{
	static int value = 42;
	char buf[32] = { 0 };
	struct kstat k;

	KTEST_ASSERT_TRUE(t, t_mkdir("/tsys", 0555) == 0);
	KTEST_ASSERT_TRUE(t, t_mount("sysfs", "/tsys") == 0);
	/* debugfs's mount point: an empty directory until it is mounted */
	KTEST_EXPECT_EQ(t, t_stat("/tsys/kernel/debug", &k), 0);
	KTEST_EXPECT_TRUE(t, S_ISDIR(k.mode));
	KTEST_EXPECT_EQ(t, t_stat("/tsys/kernel/debug/x86", &k), -ENOENT);
	KTEST_ASSERT_TRUE(t, t_mount("debugfs", "/tsys/kernel/debug") == 0);
	KTEST_EXPECT_TRUE(t, dir_has("/tsys/kernel/debug", "x86", DT_DIR));
	KTEST_EXPECT_EQ(t, debugfs_create_file("fs_test/value", fs_test_show,
					       &value), 0);
	KTEST_EXPECT_EQ(t, read_all("/tsys/kernel/debug/fs_test/value", buf,
				    sizeof(buf) - 1), 9);
	KTEST_EXPECT_STREQ(t, buf, "value 42\n");
	expect_same_text(t, "/tsys/kernel/debug/fs_test/value",
			 "/sys/kernel/debug/fs_test/value");
	/* a file that goes: gone on the same mount, found again after */
	KTEST_EXPECT_EQ(t, debugfs_remove("fs_test/value"), 0);
	KTEST_EXPECT_EQ(t, t_stat("/tsys/kernel/debug/fs_test/value", &k),
			-ENOENT);
	KTEST_EXPECT_EQ(t, t_stat("/tsys/kernel/debug/fs_test", &k), -ENOENT);
	/* a mount inside: the outer one is busy */
	KTEST_EXPECT_EQ(t, t_umount("/tsys"), -EBUSY);
	KTEST_EXPECT_EQ(t, t_umount("/tsys/kernel/debug"), 0);
	KTEST_EXPECT_EQ(t, t_umount("/tsys"), 0);
	KTEST_EXPECT_EQ(t, t_rmdir("/tsys"), 0);
}

static void test_proc_mounts(struct ktest *t)
{
	char *buf = kmalloc(TEXT_MAX, GFP_KERNEL);
	long n;

	KTEST_ASSERT_TRUE(t, buf != NULL);
	KTEST_ASSERT_TRUE(t, t_mkdir("/tpm", 0755) == 0);
	KTEST_ASSERT_TRUE(t, t_mkdir("/tpm/a b", 0755) == 0);
	KTEST_ASSERT_TRUE(t, t_mount("ramfs", "/tpm/a b") == 0);
	KTEST_ASSERT_TRUE(t, t_mount("proc", "/tpm") == 0);
	n = read_all("/tpm/mounts", buf, TEXT_MAX - 1);
	KTEST_EXPECT_TRUE(t, n > 0);
	if (n > 0) {
		buf[n] = '\0';
		/* the root first; a space escaped as Linux escapes it */
		KTEST_EXPECT_EQ(t, strncmp(buf, "rootfs / rootfs rw 0 0\n", 23),
				0);
		KTEST_EXPECT_TRUE(t, strstr(buf, "ramfs /tpm/a\\040b ramfs rw 0 0\n")
				     != NULL);
		KTEST_EXPECT_TRUE(t, strstr(buf, "proc /tpm proc rw 0 0\n") !=
				     NULL);
	}
	KTEST_EXPECT_EQ(t, t_umount("/tpm"), 0);
	KTEST_EXPECT_EQ(t, t_umount("/tpm/a b"), 0);
	t_rm_rf("/tpm");
	kfree(buf);
}

static struct ktest_case fs_vfilefs_cases[] = {
	KTEST_CASE(test_proc),
	KTEST_CASE(test_proc_mounts),
	KTEST_CASE(test_sysfs_and_debugfs),
	{}
};
KTEST_SUITE(fs_vfilefs, fs_vfilefs_cases);
