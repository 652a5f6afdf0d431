// SPDX-License-Identifier: GPL-2.0
/*
 * hostile_forkbomb - a fork bomb in its own process group, as uid 65534
 * with RLIMIT_NPROC 16: fork fails with EAGAIN once the user has 16
 * processes, and the whole group dies by one kill(-pgid, SIGKILL).  Root
 * is not bound by RLIMIT_NPROC on Linux (CAP_SYS_RESOURCE): that is
 * checked too.  Needs to start as root to change uid; skipped otherwise.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <time.h>
#include <sys/resource.h>

#include "ut.h"

#define NPROC_LIMIT 16
#define NOBODY 65534

struct bomb_result {
	int forked;
	int err;
};

/* the bomb: children pause, the leader forks until refused */
static void bomb(int out)
{
	struct rlimit lim = { NPROC_LIMIT, NPROC_LIMIT };
	struct bomb_result r = { 0, 0 };
	int i;

	if (setgid(NOBODY) || setuid(NOBODY) || setrlimit(RLIMIT_NPROC, &lim))
		r.err = -errno;
	for (i = 0; !r.err && i < 10 * NPROC_LIMIT; i++) {
		pid_t pid = fork();

		if (pid == 0) {
			for (;;)
				pause();
		}
		if (pid < 0)
			r.err = errno;
		else
			r.forked++;
	}
	if (write(out, &r, sizeof(r)) != sizeof(r))
		_exit(1);
	for (;;)
		pause();
}

static int bounded_by_nproc(void)
{
	struct timespec d = { 0, 20 * 1000 * 1000 };
	struct bomb_result r = { -1, -1 };
	int p[2], i;
	pid_t leader;

	if (geteuid() != 0)
		UT_SKIP("not root: cannot switch to uid %d", NOBODY);
	UT_OK(pipe(p));
	fflush(NULL);
	leader = fork();
	if (leader == 0) {
		setpgid(0, 0);
		bomb(p[1]);
	}
	setpgid(leader, leader);
	UT_EQ(read(p[0], &r, sizeof(r)), sizeof(r));
	/* the leader is one of the user's processes */
	UT_EQ(r.forked, NPROC_LIMIT - 1);
	UT_EQ(r.err, EAGAIN);
	UT_OK(kill(-leader, SIGKILL));
	UT_EQ(ut_wait(leader), SIGKILL);
	/* the orphans are init's to reap: wait until the group is gone */
	for (i = 0; i < 250 && !kill(-leader, 0); i++)
		nanosleep(&d, NULL);
	UT_ERRNO(kill(-leader, 0), ESRCH);
	close(p[0]);
	close(p[1]);
	return UT_DONE;
}

static int root_forks(long unused)
{
	struct rlimit one = { 1, 1 };
	pid_t pid;
	int st;

	if (setrlimit(RLIMIT_NPROC, &one))
		return 2;
	pid = fork();
	if (pid == 0)
		_exit(0);
	if (pid < 0)
		return 3;
	return waitpid(pid, &st, 0) == pid && st == 0 ? 0 : 4;
}

static int root_not_bound(void)
{
	if (geteuid() != 0)
		UT_SKIP("not root");
	UT_EQ(ut_in_child(root_forks, 0), 0);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(bounded_by_nproc),
	UT_CASE(root_not_bound),
};

int main(void)
{
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
