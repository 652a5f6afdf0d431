// SPDX-License-Identifier: GPL-2.0
/*
 * bench: the figures issue 13 compares between cachet and Linux 6.1 on
 * the same virtual machine (run_bench.py boots both and prints ratios).
 * A benchmark, not a test: it reports, it does not judge.
 *
 *	fork_exit_wait_us	fork(), the child _exit(0)s, waitpid()
 *	fork_exec_wait_us	the same with an execve() of this static
 *				program in the child (which exits at once)
 *	exec_us			the difference: what execve() itself costs
 *	faults_per_sec		first-touch writes to 64 MiB of anonymous
 *				memory, one per page
 *
 * Each figure is the best of a few runs.  Run as init (rdinit=), it powers
 * the machine off when done.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/reboot.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS		3
#define FORKS		500
#define EXECS		200
#define FAULT_BYTES	(64UL << 20)

static const char *self;

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static double fork_wait(int n, int do_exec)
{
	double t0 = now_us();
	int i, status;

	for (i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid == 0) {
			if (do_exec)
				execl(self, self, "child", (char *)NULL);
			_exit(0);
		}
		if (pid < 0 || waitpid(pid, &status, 0) != pid)
			return -1;
	}
	return (now_us() - t0) / n;
}

static double faults(void)
{
	long page = sysconf(_SC_PAGESIZE);
	double t0, t;
	char *p = mmap(NULL, FAULT_BYTES, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned long off;

	if (p == MAP_FAILED)
		return -1;
	t0 = now_us();
	for (off = 0; off < FAULT_BYTES; off += page)
		p[off] = 1;
	t = now_us() - t0;
	munmap(p, FAULT_BYTES);
	return (FAULT_BYTES / page) / (t / 1e6);
}

static double best(double (*fn)(void), int lowest)
{
	double b = -1, v;
	int i;

	for (i = 0; i < ROUNDS; i++) {
		v = fn();
		if (v >= 0 && (b < 0 || (lowest ? v < b : v > b)))
			b = v;
	}
	return b;
}

static double forks(void)
{
	return fork_wait(FORKS, 0);
}

static double execs(void)
{
	return fork_wait(EXECS, 1);
}

int main(int argc, char **argv)
{
	double f, e, pf;

	if (argc > 1 && !strcmp(argv[1], "child"))
		return 0;
	self = argv[0][0] == '/' ? argv[0] : "/selftests/bench/bench";
	f = best(forks, 1);
	e = best(execs, 1);
	pf = best(faults, 0);
	printf("bench: fork_exit_wait_us %.1f\n", f);
	printf("bench: fork_exec_wait_us %.1f\n", e);
	printf("bench: exec_us %.1f\n", e - f);
	printf("bench: faults_per_sec %.0f\n", pf);
	printf("bench: done\n");
	fflush(stdout);
	if (getpid() == 1) {
		sync();
		reboot(RB_POWER_OFF);
	}
	return 0;
}
