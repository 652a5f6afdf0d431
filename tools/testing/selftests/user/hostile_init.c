// SPDX-License-Identifier: GPL-2.0
/*
 * hostile_init - signals to pid 1 and to pids that do not exist.  Linux
 * drops signals that init has no handler for, even SIGKILL and SIGSTOP,
 * when they come from inside its pid namespace: kill() succeeds and init
 * goes on.  Missing pids and groups are ESRCH, INT_MIN included.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <time.h>
#include <sys/syscall.h>

#include "ut.h"

/* init's state letter from /proc/1/stat, or 0 without /proc */
static char init_state(void)
{
	char buf[256], *p;
	int fd = open("/proc/1/stat", O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : 0;
}

static int signal_init(long sig)
{
	return kill(1, (int)sig) ? 100 + errno : 0;
}

static int init_survives(void)
{
	struct timespec d = { 0, 100 * 1000 * 1000 };
	static const int sigs[] = { SIGKILL, SIGTERM, SIGSTOP, SIGSEGV, SIGQUIT };
	unsigned int i;
	char s;

	UT_EQ(getppid(), 1);
	for (i = 0; i < UT_ARRAY_SIZE(sigs); i++) {
		UT_EQ(ut_in_child(signal_init, sigs[i]), 0);
		nanosleep(&d, NULL);
		/* init is still there, still our parent, and not stopped */
		UT_OK(kill(1, 0));
		UT_EQ(getppid(), 1);
		s = init_state();
		UT_EXPECT(s != 'T' && s != 'Z', "init state %c after signal %d", s, sigs[i]);
	}
	kill(1, SIGCONT);
	return UT_DONE;
}

static int missing_pids(void)
{
	UT_ERRNO(kill(999999, SIGTERM), ESRCH);
	UT_ERRNO(kill(999999, 0), ESRCH);
	UT_ERRNO(kill(-999999, SIGTERM), ESRCH);
	UT_ERRNO(kill(INT_MIN, SIGTERM), ESRCH);
	UT_ERRNO(syscall(SYS_tgkill, 1, 999999, SIGTERM), ESRCH);
	UT_ERRNO(syscall(SYS_tgkill, 999999, 999999, SIGTERM), ESRCH);
	UT_ERRNO(syscall(SYS_tgkill, 0, 1, SIGTERM), EINVAL);
	UT_ERRNO(syscall(SYS_tgkill, -1, 1, SIGTERM), EINVAL);
	/* signal 0 to everyone only checks that someone may be signalled */
	UT_OK(kill(-1, 0));
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(init_survives),
	UT_CASE(missing_pids),
};

int main(void)
{
	if (getppid() != 1)
		ksft_exit_skip("run me from init (pid 1), as run_all does\n");
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
