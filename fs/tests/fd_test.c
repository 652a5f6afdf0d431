// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite fs_fdtable: the descriptor table (fs/file.c) and fcntl:
 * lowest free descriptor, dup/dup2/dup3 rules, close-on-exec bits, the
 * 1024-descriptor limit, and dup_fd() for fork.
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/fs.h>
#include <linux/fs_syscalls.h>
#include <linux/ktest.h>
#include <linux/sched.h>
#include "vfs_helpers.h"

/* the cases run on the boot context's table: find its lowest free fd */
static long first_free(void)
{
	long fd = t_open("/", O_RDONLY, 0);

	if (fd >= 0)
		close_fd(fd);
	return fd;
}

static void test_lowest_free(struct ktest *t)
{
	long base = first_free(), a, b, c;

	KTEST_ASSERT_TRUE(t, base >= 0);
	a = t_open("/", O_RDONLY, 0);
	b = t_open("/", O_RDONLY, 0);
	c = t_open("/", O_RDONLY, 0);
	KTEST_EXPECT_EQ(t, a, base);
	KTEST_EXPECT_EQ(t, b, base + 1);
	KTEST_EXPECT_EQ(t, c, base + 2);
	KTEST_EXPECT_EQ(t, close_fd(b), 0);
	KTEST_EXPECT_EQ(t, close_fd(b), -EBADF);
	KTEST_EXPECT_EQ(t, t_open("/", O_RDONLY, 0), b);
	KTEST_EXPECT_EQ(t, ksys_dup(a), base + 3);
	close_fd(a);
	close_fd(b);
	close_fd(c);
	close_fd(base + 3);
	KTEST_EXPECT_EQ(t, close_fd(-1), -EBADF);
	KTEST_EXPECT_EQ(t, close_fd(NR_OPEN_DEFAULT), -EBADF);
	KTEST_EXPECT_EQ(t, first_free(), base);
}

static void test_dup2_dup3(struct ktest *t)
{
	long a = t_open("/", O_RDONLY, 0);
	long target = a + 10;

	KTEST_ASSERT_TRUE(t, a >= 0);
	/* dup2 onto itself: the descriptor, if open; dup3: EINVAL */
	KTEST_EXPECT_EQ(t, ksys_dup2(a, a), a);
	KTEST_EXPECT_EQ(t, ksys_dup3(a, a, 0), -EINVAL);
	KTEST_EXPECT_EQ(t, ksys_dup2(target, target), -EBADF);
	KTEST_EXPECT_EQ(t, ksys_dup2(a, target), target);
	KTEST_EXPECT_FALSE(t, get_close_on_exec(target));
	/* dup2 over an open descriptor closes it first */
	KTEST_EXPECT_EQ(t, ksys_dup3(a, target, O_CLOEXEC), target);
	KTEST_EXPECT_TRUE(t, get_close_on_exec(target));
	KTEST_EXPECT_EQ(t, ksys_dup3(a, target + 1, O_RDWR), -EINVAL);
	KTEST_EXPECT_EQ(t, ksys_dup2(a, NR_OPEN_DEFAULT), -EBADF);
	KTEST_EXPECT_EQ(t, ksys_dup2(NR_OPEN_DEFAULT + 5, a), -EBADF);
	KTEST_EXPECT_EQ(t, close_fd(target), 0);
	close_fd(a);
}

static void test_cloexec_and_flags(struct ktest *t)
{
	long a = t_open("/", O_RDONLY | O_CLOEXEC | O_NONBLOCK, 0), b;

	KTEST_ASSERT_TRUE(t, a >= 0);
	KTEST_EXPECT_EQ(t, do_fcntl(a, F_GETFD, 0), FD_CLOEXEC);
	/* a dup does not inherit the bit: it belongs to the descriptor */
	b = do_fcntl(a, F_DUPFD, 0);
	KTEST_EXPECT_EQ(t, do_fcntl(b, F_GETFD, 0), 0);
	close_fd(b);
	b = do_fcntl(a, F_DUPFD_CLOEXEC, a + 5);
	KTEST_EXPECT_EQ(t, b, a + 5);
	KTEST_EXPECT_EQ(t, do_fcntl(b, F_GETFD, 0), FD_CLOEXEC);
	KTEST_EXPECT_EQ(t, do_fcntl(a, F_SETFD, 0), 0);
	KTEST_EXPECT_EQ(t, do_fcntl(a, F_GETFD, 0), 0);
	/* status flags: O_NONBLOCK kept; F_SETFL cannot change the mode */
	KTEST_EXPECT_EQ(t, do_fcntl(a, F_GETFL, 0) & (O_ACCMODE | O_NONBLOCK),
			O_RDONLY | O_NONBLOCK);
	KTEST_EXPECT_EQ(t, do_fcntl(a, F_SETFL, O_RDWR | O_APPEND), 0);
	KTEST_EXPECT_EQ(t, do_fcntl(a, F_GETFL, 0) & (O_ACCMODE | O_APPEND |
						   O_NONBLOCK),
			O_RDONLY | O_APPEND);
	KTEST_EXPECT_EQ(t, do_fcntl(a, F_DUPFD, NR_OPEN_DEFAULT), -EINVAL);
	KTEST_EXPECT_EQ(t, do_fcntl(a, 9999, 0), -EINVAL);
	KTEST_EXPECT_EQ(t, do_fcntl(NR_OPEN_DEFAULT + 1, F_GETFD, 0), -EBADF);
	/* exec closes the marked descriptors only */
	do_fcntl(a, F_SETFD, FD_CLOEXEC);
	do_close_on_exec(current_files());
	KTEST_EXPECT_EQ(t, do_fcntl(a, F_GETFD, 0), -EBADF);
	KTEST_EXPECT_EQ(t, do_fcntl(b, F_GETFD, 0), -EBADF);
	KTEST_EXPECT_EQ(t, ksys_ioctl(0 + NR_OPEN_DEFAULT, 0, 0), -EBADF);
}

static void test_limit(struct ktest *t)
{
	long base = t_open("/", O_RDONLY, 0), fd = 0, i;

	KTEST_ASSERT_TRUE(t, base >= 0);
	/* fill the table: every descriptor up to NR_OPEN_DEFAULT - 1 */
	for (i = base + 1; i < NR_OPEN_DEFAULT; i++) {
		fd = ksys_dup(base);
		if (fd != i)
			break;
	}
	KTEST_EXPECT_EQ(t, i, NR_OPEN_DEFAULT);
	KTEST_EXPECT_EQ(t, fd, NR_OPEN_DEFAULT - 1);
	KTEST_EXPECT_EQ(t, ksys_dup(base), -EMFILE);
	KTEST_EXPECT_EQ(t, t_open("/", O_RDONLY, 0), -EMFILE);
	KTEST_EXPECT_EQ(t, do_fcntl(base, F_DUPFD, 0), -EMFILE);
	for (i = base; i < NR_OPEN_DEFAULT; i++)
		close_fd(i);
	KTEST_EXPECT_EQ(t, first_free(), base);
}

static void test_dup_fd(struct ktest *t)
{
	struct files_struct *copy;
	long a = t_open("/", O_RDONLY | O_CLOEXEC, 0);
	int err = 0;

	KTEST_ASSERT_TRUE(t, a >= 0);
	copy = dup_fd(current_files(), &err);
	KTEST_ASSERT_TRUE(t, copy != NULL);
	KTEST_EXPECT_TRUE(t, copy->fd[a] == current_files()->fd[a]);
	KTEST_EXPECT_EQ(t, copy->fd[a]->f_count, 2);
	KTEST_EXPECT_TRUE(t, copy->close_on_exec[a / BITS_PER_LONG] &
			     (1UL << (a % BITS_PER_LONG)));
	put_files_struct(copy);
	KTEST_EXPECT_EQ(t, current_files()->fd[a]->f_count, 1);
	close_fd(a);
}

/* ioctl's generic requests, and a driver without ioctl: ENOTTY */
static void test_ioctl(struct ktest *t)
{
	long fd = t_open("/", O_RDONLY, 0);

	KTEST_ASSERT_TRUE(t, fd >= 0);
	KTEST_EXPECT_EQ(t, ksys_ioctl(fd, 0x5451, 0), 0);	/* FIOCLEX */
	KTEST_EXPECT_TRUE(t, get_close_on_exec(fd));
	KTEST_EXPECT_EQ(t, ksys_ioctl(fd, 0x5450, 0), 0);	/* FIONCLEX */
	KTEST_EXPECT_FALSE(t, get_close_on_exec(fd));
	KTEST_EXPECT_EQ(t, ksys_ioctl(fd, 0x5401, 0), -ENOTTY);	/* TCGETS */
	close_fd(fd);
	KTEST_EXPECT_EQ(t, ksys_ioctl(fd, 0x5451, 0), -EBADF);
}

/* readv/writev take user buffers only: kernel addresses are EFAULT */
static void test_vectors_refuse_kernel_buffers(struct ktest *t)
{
	char buf[8];
	struct iovec vec[2] = {
		{ (__force void __user *)buf, sizeof(buf) },
		{ (__force void __user *)buf, sizeof(buf) },
	};
	long fd = t_open("/", O_RDONLY, 0);

	KTEST_ASSERT_TRUE(t, fd >= 0);
	KTEST_EXPECT_EQ(t, do_rw_vec(fd, vec, 2, READ), -EFAULT);
	KTEST_EXPECT_EQ(t, do_rw_vec(fd, vec, UIO_MAXIOV + 1, READ), -EINVAL);
	KTEST_EXPECT_EQ(t, do_rw_vec(fd, vec, 0, READ), 0);
	KTEST_EXPECT_EQ(t, do_rw_vec(NR_OPEN_DEFAULT, vec, 0, READ), -EBADF);
	close_fd(fd);
	KTEST_EXPECT_EQ(t, ksys_read(fd, (__force char __user *)buf, 1), -EBADF);
	fd = t_open("/", O_RDONLY, 0);
	KTEST_EXPECT_EQ(t, ksys_read(fd, (__force char __user *)buf, 1), -EFAULT);
	close_fd(fd);
}

static struct ktest_case fs_fdtable_cases[] = {
	KTEST_CASE(test_ioctl),
	KTEST_CASE(test_vectors_refuse_kernel_buffers),
	KTEST_CASE(test_lowest_free),
	KTEST_CASE(test_dup2_dup3),
	KTEST_CASE(test_cloexec_and_flags),
	KTEST_CASE(test_limit),
	KTEST_CASE(test_dup_fd),
	{}
};
KTEST_SUITE(fs_fdtable, fs_fdtable_cases);
