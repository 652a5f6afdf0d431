// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite fs_pipe: pipes (fs/pipe.c) and their poll: bytes in order
 * across the ring's wrap, the 64 KiB capacity, PIPE_BUF atomicity,
 * EAGAIN, end of file, EPIPE, the ioctls and the POLL* events of each end.
 * The ends are O_NONBLOCK where a case would otherwise sleep.
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/ktest.h>
#include <linux/pipe_fs_i.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <uapi/asm-generic/ioctls.h>

static ssize_t t_write(struct file *f, const void *buf, size_t n)
{
	loff_t pos = 0;

	return kernel_write(f, buf, n, &pos);
}

static ssize_t t_read(struct file *f, void *buf, size_t n)
{
	loff_t pos = 0;

	return kernel_read(f, buf, n, &pos);
}

static void test_bytes_in_order(struct ktest *t)
{
	struct file *p[2];
	char buf[8];

	KTEST_ASSERT_TRUE(t, !create_pipe_files(p, 0));
	KTEST_EXPECT_TRUE(t, S_ISFIFO(file_inode(p[0])->i_mode));
	KTEST_EXPECT_EQ(t, t_write(p[1], "abc", 3), 3);
	KTEST_EXPECT_EQ(t, t_write(p[1], "de", 2), 2);
	/* a read takes what is there, not more */
	KTEST_EXPECT_EQ(t, t_read(p[0], buf, sizeof(buf)), 5);
	KTEST_EXPECT_TRUE(t, !memcmp(buf, "abcde", 5));
	/* the wrong end */
	KTEST_EXPECT_EQ(t, t_read(p[1], buf, 1), -EBADF);
	KTEST_EXPECT_EQ(t, t_write(p[0], "x", 1), -EBADF);
	KTEST_EXPECT_EQ(t, vfs_llseek(p[0], 0, 0), -ESPIPE);
	fput(p[0]);
	fput(p[1]);
}

/* a pattern no two nearby offsets share, to catch a misplaced byte */
static void fill(char *buf, size_t n, unsigned int seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		buf[i] = (char)(i * 7 + seed + (i >> 8));
}

static void test_capacity_and_wrap(struct ktest *t)
{
	char *in = kmalloc(PIPE_SIZE + 1, GFP_KERNEL);
	char *out = kmalloc(PIPE_SIZE + 1, GFP_KERNEL);
	struct file *p[2];

	KTEST_ASSERT_TRUE(t, in && out);
	KTEST_ASSERT_TRUE(t, !create_pipe_files(p, O_NONBLOCK));
	fill(in, PIPE_SIZE + 1, 1);
	/* 64 KiB, Linux's default: a longer write goes in part */
	KTEST_EXPECT_EQ(t, t_write(p[1], in, PIPE_SIZE + 1), PIPE_SIZE);
	KTEST_EXPECT_EQ(t, t_write(p[1], in, 1), -EAGAIN);
	KTEST_EXPECT_EQ(t, t_read(p[0], out, 40000), 40000);
	KTEST_EXPECT_TRUE(t, !memcmp(in, out, 40000));
	/* across the end of the ring */
	fill(in, 30000, 2);
	KTEST_EXPECT_EQ(t, t_write(p[1], in, 30000), 30000);
	KTEST_EXPECT_EQ(t, t_read(p[0], out, PIPE_SIZE + 1),
			PIPE_SIZE - 40000 + 30000);
	fill(in, PIPE_SIZE + 1, 1);
	KTEST_EXPECT_TRUE(t, !memcmp(in + 40000, out, PIPE_SIZE - 40000));
	fill(in, 30000, 2);
	KTEST_EXPECT_TRUE(t, !memcmp(in, out + PIPE_SIZE - 40000, 30000));
	KTEST_EXPECT_EQ(t, t_read(p[0], out, 1), -EAGAIN);
	fput(p[0]);
	fput(p[1]);
	kfree(in);
	kfree(out);
}

static void test_pipe_buf_atomic(struct ktest *t)
{
	char *buf = kzalloc(PIPE_SIZE, GFP_KERNEL);
	struct file *p[2];

	KTEST_ASSERT_TRUE(t, buf != NULL);
	KTEST_ASSERT_TRUE(t, !create_pipe_files(p, O_NONBLOCK));
	KTEST_EXPECT_EQ(t, t_write(p[1], buf, PIPE_SIZE - 100), PIPE_SIZE - 100);
	/* at most PIPE_BUF: all or nothing */
	KTEST_EXPECT_EQ(t, t_write(p[1], buf, 101), -EAGAIN);
	KTEST_EXPECT_EQ(t, t_write(p[1], buf, PIPE_BUF), -EAGAIN);
	/* more than PIPE_BUF: what fits */
	KTEST_EXPECT_EQ(t, t_write(p[1], buf, PIPE_BUF + 1), 100);
	fput(p[0]);
	fput(p[1]);
	kfree(buf);
}

static void test_ends_closed(struct ktest *t)
{
	struct file *p[2];
	char c;

	KTEST_ASSERT_TRUE(t, !create_pipe_files(p, O_NONBLOCK));
	KTEST_EXPECT_EQ(t, t_write(p[1], "z", 1), 1);
	fput(p[1]);
	/* what was written is still read, then end of file */
	KTEST_EXPECT_EQ(t, t_read(p[0], &c, 1), 1);
	KTEST_EXPECT_EQ(t, c, 'z');
	KTEST_EXPECT_EQ(t, t_read(p[0], &c, 1), 0);
	fput(p[0]);

	KTEST_ASSERT_TRUE(t, !create_pipe_files(p, 0));
	fput(p[0]);
	KTEST_EXPECT_EQ(t, t_write(p[1], "z", 1), -EPIPE);
	fput(p[1]);
}

/* FIONREAD writes to a user pointer: a kernel one is EFAULT */
static void test_ioctl(struct ktest *t)
{
	struct file *p[2];
	int n = -1;

	KTEST_ASSERT_TRUE(t, !create_pipe_files(p, 0));
	KTEST_EXPECT_EQ(t, t_write(p[1], "12345", 5), 5);
	KTEST_EXPECT_EQ(t, p[0]->f_op->unlocked_ioctl(p[0], FIONREAD,
						       (unsigned long)&n),
			-EFAULT);
	KTEST_EXPECT_EQ(t, n, -1);
	KTEST_EXPECT_EQ(t, p[0]->f_op->unlocked_ioctl(p[0], TCGETS, 0),
			-ENOTTY);
	fput(p[0]);
	fput(p[1]);
}

static void test_poll_events(struct ktest *t)
{
	struct file *p[2];
	char c;

	KTEST_ASSERT_TRUE(t, !create_pipe_files(p, O_NONBLOCK));
	KTEST_EXPECT_EQ(t, vfs_poll(p[0], NULL), 0);
	KTEST_EXPECT_EQ(t, vfs_poll(p[1], NULL), POLLOUT | POLLWRNORM);
	KTEST_EXPECT_EQ(t, t_write(p[1], "x", 1), 1);
	KTEST_EXPECT_EQ(t, vfs_poll(p[0], NULL), POLLIN | POLLRDNORM);
	KTEST_EXPECT_EQ(t, t_read(p[0], &c, 1), 1);
	fput(p[1]);
	KTEST_EXPECT_EQ(t, vfs_poll(p[0], NULL), POLLHUP);
	fput(p[0]);

	KTEST_ASSERT_TRUE(t, !create_pipe_files(p, O_NONBLOCK));
	fput(p[0]);
	KTEST_EXPECT_EQ(t, vfs_poll(p[1], NULL),
			POLLOUT | POLLWRNORM | POLLERR);
	fput(p[1]);
}

/* a pipe with less than PIPE_BUF of room is not writable */
static void test_poll_full(struct ktest *t)
{
	char *buf = kzalloc(PIPE_SIZE, GFP_KERNEL);
	struct file *p[2];

	KTEST_ASSERT_TRUE(t, buf != NULL);
	KTEST_ASSERT_TRUE(t, !create_pipe_files(p, O_NONBLOCK));
	KTEST_EXPECT_EQ(t, t_write(p[1], buf, PIPE_SIZE - PIPE_BUF + 1),
			PIPE_SIZE - PIPE_BUF + 1);
	KTEST_EXPECT_EQ(t, vfs_poll(p[1], NULL), 0);
	KTEST_EXPECT_EQ(t, t_read(p[0], buf, 1), 1);
	KTEST_EXPECT_EQ(t, vfs_poll(p[1], NULL), POLLOUT | POLLWRNORM);
	fput(p[0]);
	fput(p[1]);
	kfree(buf);
}

static struct ktest_case fs_pipe_cases[] = {
	KTEST_CASE(test_bytes_in_order),
	KTEST_CASE(test_capacity_and_wrap),
	KTEST_CASE(test_pipe_buf_atomic),
	KTEST_CASE(test_ends_closed),
	KTEST_CASE(test_ioctl),
	KTEST_CASE(test_poll_events),
	KTEST_CASE(test_poll_full),
	{}
};
KTEST_SUITE(fs_pipe, fs_pipe_cases);
