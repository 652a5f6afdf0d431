// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite fs_poll: the waiting under poll(2) and select(2)
 * (fs/select.c): a ->poll() queues the poller, a wake-up on the queue
 * marks it, poll_freewait() leaves every queue, and user timeouts turn
 * into jiffies that never end a wait early.
 */
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/jiffies.h>
#include <linux/ktest.h>
#include <linux/list.h>
#include <linux/pipe_fs_i.h>
#include <linux/poll.h>

static void test_wakeup_marks_poller(struct ktest *t)
{
	struct poll_wqueues pwq;
	struct file *p[2];
	loff_t pos = 0;

	KTEST_ASSERT_TRUE(t, !create_pipe_files(p, O_NONBLOCK));
	poll_initwait(&pwq);
	KTEST_EXPECT_EQ(t, vfs_poll(p[0], &pwq.pt), 0);
	KTEST_EXPECT_FALSE(t, list_empty(&file_pipe_info(p[0])->rd_wait.head));
	KTEST_EXPECT_FALSE(t, pwq.triggered);
	KTEST_EXPECT_EQ(t, kernel_write(p[1], "x", 1, &pos), 1);
	KTEST_EXPECT_TRUE(t, pwq.triggered);
	/* marked: the sleep returns at once, with the time left */
	KTEST_EXPECT_EQ(t, poll_schedule_timeout(&pwq, 1000), 1000);
	KTEST_EXPECT_FALSE(t, pwq.triggered);
	poll_freewait(&pwq);
	KTEST_EXPECT_TRUE(t, list_empty(&file_pipe_info(p[0])->rd_wait.head));
	KTEST_EXPECT_EQ(t, pwq.error, 0);
	fput(p[0]);
	fput(p[1]);
}

static void test_sleep_times_out(struct ktest *t)
{
	struct poll_wqueues pwq;
	u64 start;

	poll_initwait(&pwq);
	start = get_jiffies_64();
	KTEST_EXPECT_EQ(t, poll_schedule_timeout(&pwq, 3), 0);
	KTEST_EXPECT_TRUE(t, get_jiffies_64() - start >= 3);
	poll_freewait(&pwq);
}

static void test_timeout_jiffies(struct ktest *t)
{
	struct timespec64 ts = { 0, 0 };

	KTEST_EXPECT_EQ(t, poll_timeout_jiffies(&ts), 0);
	/* up to the next jiffy, plus the one under way */
	ts.tv_nsec = 1;
	KTEST_EXPECT_EQ(t, poll_timeout_jiffies(&ts), 2);
	ts.tv_nsec = 1000000000 / HZ;
	KTEST_EXPECT_EQ(t, poll_timeout_jiffies(&ts), 2);
	ts.tv_sec = 1;
	ts.tv_nsec = 0;
	KTEST_EXPECT_EQ(t, poll_timeout_jiffies(&ts), HZ + 1);
	ts.tv_sec = 0x7fffffffffffffffLL;
	KTEST_EXPECT_EQ(t, poll_timeout_jiffies(&ts), MAX_SCHEDULE_TIMEOUT);
}

static void test_time_left(struct ktest *t)
{
	struct poll_timeout to = { .ts = { 0, 0 }, .start = get_jiffies_64() };
	struct timespec64 left = { -1, -1 };

	/* a zero timeout is not written back */
	KTEST_EXPECT_FALSE(t, poll_time_left(&to, &left));
	to.ts.tv_sec = 100;
	KTEST_EXPECT_TRUE(t, poll_time_left(&to, &left));
	KTEST_EXPECT_TRUE(t, left.tv_sec == 99 || left.tv_sec == 100);
	/* all gone: zero, never negative */
	to.ts.tv_sec = 0;
	to.ts.tv_nsec = 1;
	to.start -= 10;
	KTEST_EXPECT_TRUE(t, poll_time_left(&to, &left));
	KTEST_EXPECT_EQ(t, left.tv_sec, 0);
	KTEST_EXPECT_EQ(t, left.tv_nsec, 0);
}

static struct ktest_case fs_poll_cases[] = {
	KTEST_CASE(test_wakeup_marks_poller),
	KTEST_CASE(test_sleep_times_out),
	KTEST_CASE(test_timeout_jiffies),
	KTEST_CASE(test_time_left),
	{}
};
KTEST_SUITE(fs_poll, fs_poll_cases);
