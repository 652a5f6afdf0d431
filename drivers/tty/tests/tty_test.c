// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite tty: the tty layer over a test driver that captures output
 * instead of sending it to the UART and whose input is injected as the
 * UART's interrupt would (tty_receive()).  ioctls round-trip with Linux's
 * numbers and errors, output processing and echo reach the driver, ^C
 * reaches the foreground group, reads wait and are woken, and the device
 * nodes resolve as on Linux.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/serial_8250.h>
#include <linux/string.h>
#include <linux/tty.h>

static struct tty_struct test_tty;
static char captured[1024];
static size_t captured_len;
static const char *poll_feed;	/* typed, a byte per poll, while waiting */
static unsigned int polls;

static void test_write(struct tty_struct *tty, const unsigned char *s,
		       size_t n)
{
	while (n-- && captured_len < sizeof(captured) - 1)
		captured[captured_len++] = *s++;
	captured[captured_len] = 0;
}

static void test_poll(struct tty_struct *tty)
{
	polls++;
	if (poll_feed && *poll_feed)
		tty_receive(tty, (const unsigned char *)poll_feed++, 1);
}

static const struct tty_operations test_ops = {
	.write = test_write,
	.poll = test_poll,
};

static int sig_pgrp, sig_nr, sig_count;

static void test_kill_pgrp(int pgrp, int sig)
{
	sig_pgrp = pgrp;
	sig_nr = sig;
	sig_count++;
}

/* a session leader, and a process of another session */
static const struct tty_caller leader = { .pid = 100, .pgid = 100, .sid = 100 };
static const struct tty_caller other = { .pid = 200, .pgid = 200, .sid = 200 };

/* the hooks the boot set, put back after each case */
static void (*saved_kill_pgrp)(int pgrp, int sig);
static int (*saved_pgrp_session)(int pgrp);

static void setup(void)
{
	tty_init(&test_tty, "ttytest", &test_ops, NULL);
	captured_len = 0;
	captured[0] = 0;
	poll_feed = NULL;
	polls = 0;
	sig_pgrp = sig_nr = sig_count = 0;
	saved_kill_pgrp = tty_kill_pgrp;
	saved_pgrp_session = tty_pgrp_session;
	tty_kill_pgrp = test_kill_pgrp;
	tty_pgrp_session = NULL;	/* the fake callers' groups exist */
}

static void teardown(void)
{
	tty_kill_pgrp = saved_kill_pgrp;
	tty_pgrp_session = saved_pgrp_session;
}

static void inject(const char *s)
{
	tty_receive(&test_tty, (const unsigned char *)s, strlen(s));
}

static long ioctl(const struct tty_caller *c, unsigned int cmd, void *arg)
{
	return tty_ioctl(&test_tty, c, cmd, (unsigned long)arg);
}

static void test_default_termios_is_linux_console(struct ktest *t)
{
	static const unsigned char cc[NCCS] =
		"\003\034\177\025\004\0\1\0\021\023\032\0\022\017\027\026\0";
	struct termios tio;

	setup();
	KTEST_EXPECT_EQ(t, ioctl(NULL, TCGETS, &tio), 0);
	KTEST_EXPECT_EQ(t, tio.c_iflag, ICRNL | IXON);
	KTEST_EXPECT_EQ(t, tio.c_oflag, OPOST | ONLCR);
	KTEST_EXPECT_EQ(t, tio.c_cflag, B115200 | CS8 | CREAD | HUPCL | CLOCAL);
	KTEST_EXPECT_EQ(t, tio.c_lflag, ISIG | ICANON | ECHO | ECHOE | ECHOK |
			ECHOCTL | ECHOKE | IEXTEN);
	KTEST_EXPECT_EQ(t, memcmp(tio.c_cc, cc, NCCS), 0);
	teardown();
}

static void test_tcsets_then_tcgets(struct ktest *t)
{
	struct termios set, got;

	setup();
	KTEST_ASSERT_TRUE(t, ioctl(NULL, TCGETS, &set) == 0);
	set.c_lflag &= ~(ICANON | ECHO);
	set.c_cc[VMIN] = 0;
	set.c_cc[VTIME] = 3;
	KTEST_EXPECT_EQ(t, ioctl(NULL, TCSETS, &set), 0);
	memset(&got, 0xa5, sizeof(got));
	KTEST_EXPECT_EQ(t, ioctl(NULL, TCGETS, &got), 0);
	KTEST_EXPECT_EQ(t, memcmp(&set, &got, sizeof(got)), 0);
	/* and the line discipline obeys it: no echo, raw bytes */
	inject("ab");
	KTEST_EXPECT_EQ(t, captured_len, 0);
	KTEST_EXPECT_EQ(t, tty_read(&test_tty, got.c_cc, 8, true), 2);
	set.c_lflag |= ICANON | ECHO;
	KTEST_EXPECT_EQ(t, ioctl(NULL, TCSETSW, &set), 0);
	KTEST_EXPECT_EQ(t, ioctl(NULL, TCGETS, &got), 0);
	KTEST_EXPECT_TRUE(t, got.c_lflag & ICANON);
	teardown();
}

static void test_tcsetsf_flushes_input(struct ktest *t)
{
	struct termios tio;
	int n = -1;

	setup();
	inject("line\n");
	KTEST_EXPECT_EQ(t, ioctl(NULL, FIONREAD, &n), 0);
	KTEST_EXPECT_EQ(t, n, 5);
	KTEST_ASSERT_TRUE(t, ioctl(NULL, TCGETS, &tio) == 0);
	KTEST_EXPECT_EQ(t, ioctl(NULL, TCSETSF, &tio), 0);
	KTEST_EXPECT_EQ(t, ioctl(NULL, FIONREAD, &n), 0);
	KTEST_EXPECT_EQ(t, n, 0);
	teardown();
}

static void test_output_processing(struct ktest *t)
{
	setup();
	KTEST_EXPECT_EQ(t, tty_write(&test_tty, "a\nb\n", 4), 4);
	KTEST_EXPECT_STREQ(t, captured, "a\r\nb\r\n");
	teardown();
}

static void test_echo_and_canonical_read(struct ktest *t)
{
	char buf[16];

	setup();
	inject("hx\177i\r");
	KTEST_EXPECT_STREQ(t, captured, "hx\b \bi\r\n");
	memset(buf, 0, sizeof(buf));
	KTEST_EXPECT_EQ(t, tty_read(&test_tty, buf, sizeof(buf), false), 3);
	KTEST_EXPECT_STREQ(t, buf, "hi\n");
	KTEST_EXPECT_EQ(t, tty_read(&test_tty, buf, sizeof(buf), true),
			-EAGAIN);
	inject("\004");
	KTEST_EXPECT_EQ(t, tty_read(&test_tty, buf, sizeof(buf), false), 0);
	teardown();
}

/* a blocking read waits, and input that arrives meanwhile ends the wait */
static void test_read_waits_for_input(struct ktest *t)
{
	char buf[16];

	setup();
	poll_feed = "ok\r";
	memset(buf, 0, sizeof(buf));
	KTEST_EXPECT_EQ(t, tty_read(&test_tty, buf, sizeof(buf), false), 3);
	KTEST_EXPECT_STREQ(t, buf, "ok\n");
	KTEST_EXPECT_TRUE(t, polls >= 3);
	KTEST_EXPECT_TRUE(t, test_tty.read_wait.wakeups >= 3);
	teardown();
}

/* VMIN 0, VTIME 1: nothing comes, the read ends with 0 */
static void test_vtime_expires(struct ktest *t)
{
	struct termios tio;
	char buf[4];

	setup();
	KTEST_ASSERT_TRUE(t, ioctl(NULL, TCGETS, &tio) == 0);
	tio.c_lflag &= ~ICANON;
	tio.c_cc[VMIN] = 0;
	tio.c_cc[VTIME] = 1;
	KTEST_ASSERT_TRUE(t, ioctl(NULL, TCSETS, &tio) == 0);
	KTEST_EXPECT_EQ(t, tty_read(&test_tty, buf, sizeof(buf), false), 0);
	KTEST_EXPECT_TRUE(t, polls > 0);
	tio.c_cc[VMIN] = 2;	/* MIN 2 TIME 0: waits for both bytes */
	tio.c_cc[VTIME] = 0;
	KTEST_ASSERT_TRUE(t, ioctl(NULL, TCSETS, &tio) == 0);
	poll_feed = "xy";
	KTEST_EXPECT_EQ(t, tty_read(&test_tty, buf, sizeof(buf), false), 2);
	teardown();
}

static void test_intr_signals_foreground_group(struct ktest *t)
{
	int pgrp = 0, n = -1;

	setup();
	inject("\003");		/* no session yet: the signal goes nowhere */
	KTEST_EXPECT_EQ(t, sig_count, 0);
	KTEST_EXPECT_EQ(t, ioctl(&leader, TIOCSCTTY, NULL), 0);
	pgrp = 101;
	KTEST_EXPECT_EQ(t, ioctl(&leader, TIOCSPGRP, &pgrp), 0);
	inject("abc\003");
	KTEST_EXPECT_EQ(t, sig_count, 1);
	KTEST_EXPECT_EQ(t, sig_pgrp, 101);
	KTEST_EXPECT_EQ(t, sig_nr, N_TTY_SIGINT);
	KTEST_EXPECT_STREQ(t, captured, "^Cabc^C");
	KTEST_EXPECT_EQ(t, ioctl(NULL, FIONREAD, &n), 0);
	KTEST_EXPECT_EQ(t, n, 0);
	inject("\034\032");
	KTEST_EXPECT_EQ(t, sig_count, 3);
	KTEST_EXPECT_EQ(t, sig_nr, N_TTY_SIGTSTP);
	teardown();
}

static void test_winsize(struct ktest *t)
{
	struct winsize ws = { 1, 2, 3, 4 }, got;

	setup();
	KTEST_EXPECT_EQ(t, ioctl(NULL, TIOCGWINSZ, &got), 0);
	KTEST_EXPECT_EQ(t, got.ws_row, 0);	/* as Linux's ttyS0 */
	KTEST_EXPECT_EQ(t, got.ws_col, 0);
	KTEST_EXPECT_EQ(t, ioctl(&leader, TIOCSCTTY, NULL), 0);
	ws.ws_row = 24;
	ws.ws_col = 80;
	KTEST_EXPECT_EQ(t, ioctl(NULL, TIOCSWINSZ, &ws), 0);
	KTEST_EXPECT_EQ(t, ioctl(NULL, TIOCGWINSZ, &got), 0);
	KTEST_EXPECT_EQ(t, memcmp(&ws, &got, sizeof(ws)), 0);
	KTEST_EXPECT_EQ(t, sig_nr, TTY_SIGWINCH);
	KTEST_EXPECT_EQ(t, sig_pgrp, 100);
	KTEST_EXPECT_EQ(t, ioctl(NULL, TIOCSWINSZ, &ws), 0);
	KTEST_EXPECT_EQ(t, sig_count, 1);	/* no change, no signal */
	teardown();
}

static void test_job_control(struct ktest *t)
{
	int v = 0;
	const struct tty_caller member = { .pid = 101, .pgid = 101,
					   .sid = 100 };

	setup();
	KTEST_EXPECT_EQ(t, ioctl(&leader, TIOCGPGRP, &v), -ENOTTY);
	KTEST_EXPECT_EQ(t, ioctl(&leader, TIOCGSID, &v), -ENOTTY);
	KTEST_EXPECT_EQ(t, ioctl(&member, TIOCSCTTY, NULL), -EPERM);
	KTEST_EXPECT_EQ(t, ioctl(&leader, TIOCSCTTY, NULL), 0);
	KTEST_EXPECT_EQ(t, ioctl(&leader, TIOCSCTTY, NULL), 0);
	KTEST_EXPECT_EQ(t, ioctl(&other, TIOCSCTTY, NULL), -EPERM);
	KTEST_EXPECT_EQ(t, ioctl(&member, TIOCGSID, &v), 0);
	KTEST_EXPECT_EQ(t, v, 100);
	KTEST_EXPECT_EQ(t, ioctl(&member, TIOCGPGRP, &v), 0);
	KTEST_EXPECT_EQ(t, v, 100);
	v = 101;
	KTEST_EXPECT_EQ(t, ioctl(&member, TIOCSPGRP, &v), 0);
	v = -1;
	KTEST_EXPECT_EQ(t, ioctl(&member, TIOCSPGRP, &v), -EINVAL);
	v = 0;
	KTEST_EXPECT_EQ(t, ioctl(&member, TIOCSPGRP, &v), -ESRCH);
	v = 5;
	KTEST_EXPECT_EQ(t, ioctl(&other, TIOCSPGRP, &v), -ENOTTY);
	KTEST_EXPECT_EQ(t, ioctl(&other, TIOCGPGRP, &v), -ENOTTY);
	KTEST_EXPECT_EQ(t, ioctl(&leader, TIOCGPGRP, &v), 0);
	KTEST_EXPECT_EQ(t, v, 101);	/* the failed calls changed nothing */
	KTEST_EXPECT_EQ(t, ioctl(&other, TIOCNOTTY, NULL), -ENOTTY);
	KTEST_EXPECT_EQ(t, ioctl(&leader, TIOCNOTTY, NULL), 0);
	KTEST_EXPECT_EQ(t, sig_count, 2);	/* SIGHUP, SIGCONT */
	KTEST_EXPECT_EQ(t, sig_pgrp, 101);
	KTEST_EXPECT_EQ(t, ioctl(&leader, TIOCGSID, &v), -ENOTTY);
	/* a session gone, another leader may take the tty */
	KTEST_EXPECT_EQ(t, ioctl(&other, TIOCSCTTY, NULL), 0);
	KTEST_EXPECT_EQ(t, ioctl(&leader, TIOCSCTTY, (void *)1), 0);
	KTEST_EXPECT_EQ(t, ioctl(&leader, TIOCGSID, &v), 0);
	KTEST_EXPECT_EQ(t, v, 100);
	teardown();
}

static void test_flush_and_flow(struct ktest *t)
{
	int n = -1;

	setup();
	inject("a\n");
	KTEST_EXPECT_EQ(t, tty_ioctl(&test_tty, NULL, TCFLSH, TCOFLUSH), 0);
	KTEST_EXPECT_EQ(t, ioctl(NULL, FIONREAD, &n), 0);
	KTEST_EXPECT_EQ(t, n, 2);
	KTEST_EXPECT_EQ(t, tty_ioctl(&test_tty, NULL, TCFLSH, 3), -EINVAL);
	KTEST_EXPECT_EQ(t, tty_ioctl(&test_tty, NULL, TCFLSH, TCIFLUSH), 0);
	KTEST_EXPECT_EQ(t, ioctl(NULL, FIONREAD, &n), 0);
	KTEST_EXPECT_EQ(t, n, 0);
	captured_len = 0;
	KTEST_EXPECT_EQ(t, tty_ioctl(&test_tty, NULL, TCXONC, TCOOFF), 0);
	KTEST_EXPECT_TRUE(t, test_tty.ldisc.stopped);
	KTEST_EXPECT_EQ(t, tty_ioctl(&test_tty, NULL, TCXONC, TCOON), 0);
	KTEST_EXPECT_FALSE(t, test_tty.ldisc.stopped);
	KTEST_EXPECT_EQ(t, tty_ioctl(&test_tty, NULL, TCXONC, TCIOFF), 0);
	KTEST_EXPECT_EQ(t, tty_ioctl(&test_tty, NULL, TCXONC, TCION), 0);
	KTEST_EXPECT_STREQ(t, captured, "\023\021");
	KTEST_EXPECT_EQ(t, tty_ioctl(&test_tty, NULL, TCXONC, 4), -EINVAL);
	/* tcdrain() and a break: nothing buffered, input kept */
	inject("b\n");
	KTEST_EXPECT_EQ(t, tty_ioctl(&test_tty, NULL, TCSBRK, 1), 0);
	KTEST_EXPECT_EQ(t, tty_ioctl(&test_tty, NULL, TCSBRK, 0), 0);
	KTEST_EXPECT_EQ(t, ioctl(NULL, FIONREAD, &n), 0);
	KTEST_EXPECT_EQ(t, n, 2);
	teardown();
}

static void test_unknown_ioctl(struct ktest *t)
{
	struct termios before, after;
	enum tty_ioctl_dir dir;
	size_t size;

	setup();
	KTEST_ASSERT_TRUE(t, ioctl(NULL, TCGETS, &before) == 0);
	KTEST_EXPECT_EQ(t, ioctl(NULL, 0x5406, &before), -ENOTTY); /* TCSETA */
	KTEST_EXPECT_EQ(t, ioctl(NULL, 0, NULL), -ENOTTY);
	KTEST_EXPECT_EQ(t, ioctl(NULL, 0xdeadbeef, NULL), -ENOTTY);
	KTEST_ASSERT_TRUE(t, ioctl(NULL, TCGETS, &after) == 0);
	KTEST_EXPECT_EQ(t, memcmp(&before, &after, sizeof(after)), 0);
	KTEST_EXPECT_EQ(t, tty_ioctl_arg(0x5406, &dir, &size), -ENOTTY);
	KTEST_EXPECT_EQ(t, tty_ioctl_arg(TCGETS, &dir, &size), 0);
	KTEST_EXPECT_EQ(t, dir, TTY_ARG_OUT);
	KTEST_EXPECT_EQ(t, size, 36);		/* Linux's struct termios */
	KTEST_EXPECT_EQ(t, tty_ioctl_arg(TIOCSWINSZ, &dir, &size), 0);
	KTEST_EXPECT_EQ(t, dir, TTY_ARG_IN);
	KTEST_EXPECT_EQ(t, size, 8);
	KTEST_EXPECT_EQ(t, tty_ioctl_arg(TCFLSH, &dir, &size), 0);
	KTEST_EXPECT_EQ(t, dir, TTY_ARG_VALUE);
	teardown();
}

static void test_device_nodes(struct ktest *t)
{
	struct tty_struct *ttyS0 = serial8250_get_tty(), *tty = NULL;
	const struct tty_chrdev *d;
	unsigned int found = 0;
	unsigned int count;

	KTEST_EXPECT_TRUE(t, tty_console() == ttyS0);
	for (d = tty_chrdevs; d->name; d++) {
		if (!strcmp(d->name, "console"))
			found |= (d->major == 5 && d->minor == 1) << 0;
		if (!strcmp(d->name, "ttyS0"))
			found |= (d->major == 4 && d->minor == 64) << 1;
		if (!strcmp(d->name, "tty"))
			found |= (d->major == 5 && d->minor == 0) << 2;
	}
	KTEST_EXPECT_EQ(t, found, 7);
	count = ttyS0->count;
	KTEST_EXPECT_EQ(t, tty_fops.open(5, 1, &leader, false, &tty), 0);
	KTEST_EXPECT_TRUE(t, tty == ttyS0);
	/* /dev/console never becomes a controlling tty */
	KTEST_EXPECT_EQ(t, ttyS0->session, 0);
	KTEST_EXPECT_EQ(t, tty_fops.open(5, 0, &leader, false, &tty), -ENXIO);
	KTEST_EXPECT_EQ(t, tty_fops.open(4, 65, &leader, false, &tty),
			-ENODEV);
	KTEST_EXPECT_EQ(t, tty_fops.open(4, 64, &leader, true, &tty), 0);
	KTEST_EXPECT_EQ(t, ttyS0->session, 0);	/* O_NOCTTY */
	KTEST_EXPECT_EQ(t, ttyS0->count, count + 2);
	tty_fops.release(ttyS0);
	tty_fops.release(ttyS0);
	KTEST_EXPECT_EQ(t, ttyS0->count, count);
}

static struct ktest_case tty_cases[] = {
	KTEST_CASE(test_default_termios_is_linux_console),
	KTEST_CASE(test_tcsets_then_tcgets),
	KTEST_CASE(test_tcsetsf_flushes_input),
	KTEST_CASE(test_output_processing),
	KTEST_CASE(test_echo_and_canonical_read),
	KTEST_CASE(test_read_waits_for_input),
	KTEST_CASE(test_vtime_expires),
	KTEST_CASE(test_intr_signals_foreground_group),
	KTEST_CASE(test_winsize),
	KTEST_CASE(test_job_control),
	KTEST_CASE(test_flush_and_flow),
	KTEST_CASE(test_unknown_ioctl),
	KTEST_CASE(test_device_nodes),
	{}
};
KTEST_SUITE(tty, tty_cases);
