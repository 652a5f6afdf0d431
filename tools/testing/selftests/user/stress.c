// SPDX-License-Identifier: GPL-2.0
/*
 * Load: fork + exec + exit + wait in a loop with memory counted before
 * and after, and busy processes spread over every CPU.
 *
 * The round count comes from "stress_rounds=N" on the kernel command
 * line (make check passes a small default, FULL=1 the issue's 10000);
 * without it, 200.  On cachet MemFree must come back to within one
 * page-table page of where it started; Linux keeps per-CPU page lists
 * and slab caches that move MemFree by much more than that, so there
 * the figure is printed and the check skipped (the documented difference).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include <unistd.h>
#include "ut.h"

#define DEFAULT_ROUNDS	200
#define WARMUP_ROUNDS	20
/* one page-table page */
#define SLACK_KB	4
/* looks at MemFree before judging, 10 ms apart */
#define SETTLE_LOOKS	100

static char self[256];

static long meminfo_kb(const char *key)
{
	char line[128];
	long v = -1;
	size_t n = strlen(key);
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, n) && line[n] == ':')
			v = strtol(line + n + 1, NULL, 10);
	fclose(f);
	return v;
}

static bool on_cachet(void)
{
	struct utsname u;

	return !uname(&u) && strstr(u.release, "cachet");
}

/* one fork + exec of ourselves as "child" + wait; 0 when all went well */
static int one_round(void)
{
	char *argv[] = { self, "child", NULL };
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		execv(self, argv);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static int fork_exec_rounds(void)
{
	long rounds = ut_cmdline_long("stress_rounds", DEFAULT_ROUNDS);
	long before, after, i, bad = 0;

	for (i = 0; i < WARMUP_ROUNDS; i++)
		bad += one_round() != 0;
	before = meminfo_kb("MemFree");
	for (i = 0; i < rounds; i++)
		bad += one_round() != 0;
	/*
	 * The last child's kernel stack goes back once its CPU has switched
	 * away from it, which an idle CPU may do a little later: look again
	 * a bounded number of times before judging.
	 */
	for (i = 0; i < SETTLE_LOOKS; i++) {
		after = meminfo_kb("MemFree");
		if (after >= before - SLACK_KB)
			break;
		usleep(10000);
	}
	ksft_print_msg("%ld rounds: MemFree %ld kB before, %ld kB after\n",
		       rounds, before, after);
	UT_EQ(bad, 0);
	UT_EXPECT(before > 0 && after > 0, "no MemFree in /proc/meminfo");
	if (!on_cachet())
		UT_SKIP("Linux: per-CPU page lists and slab caches move MemFree");
	UT_EXPECT(after >= before - SLACK_KB,
		  "MemFree not back: %ld kB lost", before - after);
	return UT_DONE;
}

/* each busy child marks the CPUs it finds itself on, in shared memory */
static int every_cpu_busy(void)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	long nchild = ncpu * 2, i, spins;
	volatile unsigned long *seen;
	unsigned long all;
	pid_t *pids;

	if (ncpu < 2)
		UT_SKIP("one CPU");
	if (ncpu > 64)
		ncpu = 64;
	all = ncpu == 64 ? ~0UL : (1UL << ncpu) - 1;
	seen = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	pids = calloc(nchild, sizeof(*pids));
	UT_EXPECT(seen != MAP_FAILED && pids, "no memory");
	if (seen == MAP_FAILED || !pids)
		return UT_DONE;
	*seen = 0;
	fflush(NULL);
	for (i = 0; i < nchild; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			/* give up after a bound, never on the clock */
			for (spins = 0; spins < 2000000000L; spins++) {
				int cpu = sched_getcpu();

				if (cpu >= 0 && cpu < 64)
					__atomic_fetch_or(seen, 1UL << cpu,
							  __ATOMIC_RELAXED);
				if ((*seen & all) == all)
					_exit(0);
			}
			_exit(1);
		}
	}
	for (i = 0; i < nchild; i++)
		if (pids[i] > 0)
			ut_wait(pids[i]);
	ksft_print_msg("CPUs seen busy: %#lx of %#lx\n", *seen & all, all);
	UT_EQ(*seen & all, all);
	free(pids);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(fork_exec_rounds),
	UT_CASE(every_cpu_busy),
};

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "child"))
		return 0;
	snprintf(self, sizeof(self), "%s",
		 argv[0][0] == '/' ? argv[0] : "/selftests/bin/stress");
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
