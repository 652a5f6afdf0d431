// SPDX-License-Identifier: GPL-2.0
/*
 * tty - the console as a terminal, as far as a program can check it
 * without a human typing: isatty, TCGETS and the defaults Linux gives a
 * tty, TCSETS round trip, TIOCGWINSZ, tcdrain(), and TIOCGPGRP/TIOCSPGRP
 * once a new session has made the serial port its controlling terminal.  Input in
 * canonical mode (echo, erase, ^C, ^D) needs someone at the keyboard and
 * is not tested here.  run_all gives each program the console as stdin.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <termios.h>
#include <sys/ioctl.h>

#include "ut.h"

static int console_is_a_tty(void)
{
	int p[2];

	UT_EQ(isatty(0), 1);
	UT_EQ(isatty(1), 1);
	UT_OK(pipe(p));
	UT_EQ(isatty(p[0]), 0);
	UT_EQ(errno, ENOTTY);
	close(p[0]);
	close(p[1]);
	UT_ERRNO(isatty(-1) ? 0 : -1, EBADF);
	return UT_DONE;
}

static int tcgets_defaults(void)
{
	struct termios t;
	int p[2];

	UT_OK(ioctl(0, TCGETS, &t));
	/* Linux's tty_std_termios: canonical, echoing, signals on */
	UT_EXPECT(t.c_lflag & ICANON, "lflag %#o", t.c_lflag);
	UT_EXPECT(t.c_lflag & ISIG, "lflag %#o", t.c_lflag);
	UT_EXPECT(t.c_lflag & ECHO, "lflag %#o", t.c_lflag);
	UT_EQ(t.c_cc[VINTR], 3);	/* ^C */
	UT_EQ(t.c_cc[VEOF], 4);		/* ^D */
	UT_EQ(t.c_cc[VERASE], 0177);
	UT_EQ(t.c_cflag & CSIZE, CS8);
	UT_OK(pipe(p));
	UT_ERRNO(ioctl(p[0], TCGETS, &t), ENOTTY);
	close(p[0]);
	close(p[1]);
	return UT_DONE;
}

static int tcsets_round_trip(void)
{
	struct termios t, saved, back;

	UT_OK(tcgetattr(0, &saved));
	t = saved;
	t.c_lflag &= ~ECHO;
	t.c_cc[VMIN] = 3;
	UT_OK(tcsetattr(0, TCSANOW, &t));
	UT_OK(tcgetattr(0, &back));
	UT_EQ(back.c_lflag & ECHO, 0);
	UT_EQ(back.c_cc[VMIN], 3);
	UT_OK(tcsetattr(0, TCSADRAIN, &saved));
	UT_OK(tcgetattr(0, &back));
	UT_EQ(back.c_lflag, saved.c_lflag);
	return UT_DONE;
}

static int window_size(void)
{
	struct winsize ws;
	int fd = open("/dev/null", O_RDWR);

	UT_OK(ioctl(0, TIOCGWINSZ, &ws));
	/* a serial line has no size until someone sets one */
	UT_EXPECT(ws.ws_row < 1000 && ws.ws_col < 1000, "%ux%u", ws.ws_row, ws.ws_col);
	UT_ERRNO(ioctl(fd, TIOCGWINSZ, &ws), ENOTTY);
	close(fd);
	return UT_DONE;
}

static int drain(void)
{
	int p[2];

	/* TCSBRK with a non-zero argument: wait for the output to be sent */
	UT_OK(tcdrain(1));
	UT_OK(pipe(p));
	UT_ERRNO(tcdrain(p[1]), ENOTTY);
	close(p[0]);
	close(p[1]);
	return UT_DONE;
}

static int session_on_serial(long unused)
{
	pid_t pgrp = 0;
	int fd;

	if (setsid() != getpid())
		return 1;
	/* a session leader opening a free tty makes it its terminal */
	fd = open("/dev/ttyS0", O_RDWR);
	if (fd < 0)
		return 2;
	if (ioctl(fd, TIOCGPGRP, &pgrp) || pgrp != getpid())
		return 3;
	if (ioctl(fd, TIOCSPGRP, &pgrp))
		return 4;
	if (tcgetsid(fd) != getpid())
		return 5;
	pgrp = 999999;
	if (ioctl(fd, TIOCSPGRP, &pgrp) != -1 || errno != ESRCH)
		return 6;
	return 0;
}

static int foreground_group(void)
{
	int st;

	if (access("/dev/ttyS0", F_OK))
		UT_SKIP("no /dev/ttyS0: %s", strerror(errno));
	/*
	 * The child's exit as the serial line's session leader hangs the
	 * line up on Linux, and a hangup drops output not yet sent: the
	 * lines of the cases before this one were lost that way once.
	 */
	UT_OK(tcdrain(1));
	st = ut_in_child(session_on_serial, 0);
	UT_EXPECT(st == 0, "child status %#x (exit code names the step)", st);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(console_is_a_tty),
	UT_CASE(tcgets_defaults),
	UT_CASE(tcsets_round_trip),
	UT_CASE(window_size),
	UT_CASE(drain),
	UT_CASE(foreground_group),
};

int main(void)
{
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
