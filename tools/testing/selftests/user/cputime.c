// SPDX-License-Identifier: GPL-2.0
/*
 * cputime - a process's CPU time: the CPU-time clocks, times(),
 * getrusage() of itself and of the children it waited for (and wait4()'s
 * rusage), ru_maxrss, and the CPU-time interval timers ITIMER_VIRTUAL and
 * ITIMER_PROF.
 *
 * Time is judged loosely: the kernels sample at the tick and the
 * machine is shared, so a busy loop of 0.3 s of CPU time must show as
 * 0.25 s or more, never as more CPU time than real time passed (give or
 * take 10% between clock sources), and a sleep as almost none.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/times.h>

#include "ut.h"

#define MS		1000000LL	/* ns */

static long long clock_ns(clockid_t c)
{
	struct timespec ts;

	if (clock_gettime(c, &ts))
		return -1;
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long long tv_ns(const struct timeval *tv)
{
	return tv->tv_sec * 1000000000LL + tv->tv_usec * 1000LL;
}

static long long ru_cpu_ns(const struct rusage *ru)
{
	return tv_ns(&ru->ru_utime) + tv_ns(&ru->ru_stime);
}

static volatile unsigned long sink;

/*
 * Work in user mode between two clock reads.  The reads are system
 * calls, and under TCG Linux 6.1 spends on one about what 4000 rounds of
 * this loop take: with reads every 10000 rounds it charged 30% of a
 * "user" loop to system time at -smp 4, and 66% once on a loaded host.
 * With 200000 rounds (1-2 ms under TCG) it charges 0-2%.
 */
#define USER_ROUNDS	200000

static void spin_user(void)
{
	for (int i = 0; i < USER_ROUNDS; i++)
		sink += i;
}

/* run on the CPU until @ns of process CPU time passed, or 10 s of time */
static long long burn(long long ns)
{
	long long c0 = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	long long end = clock_ns(CLOCK_MONOTONIC) + 10000 * MS;
	long long c;

	do {
		spin_user();
		c = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	} while (c - c0 < ns && clock_ns(CLOCK_MONOTONIC) < end);
	return c - c0;
}

static int cpu_clocks_and_rusage(void)
{
	long long m0, m1, p0, p1, t1;
	struct rusage r0, r1;
	struct tms s0, s1;
	clock_t k0, k1;
	struct timespec res;

	UT_OK(getrusage(RUSAGE_SELF, &r0));
	k0 = times(&s0);
	m0 = clock_ns(CLOCK_MONOTONIC);
	p0 = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	UT_EXPECT(p0 > 0, "CLOCK_PROCESS_CPUTIME_ID %lld", p0);
	UT_EXPECT(burn(300 * MS) >= 300 * MS, "no 300 ms of CPU in 10 s");
	p1 = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	t1 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	m1 = clock_ns(CLOCK_MONOTONIC);
	k1 = times(&s1);
	UT_OK(getrusage(RUSAGE_SELF, &r1));
	/* one thread: both clocks count the same time */
	UT_EXPECT(t1 >= p1 && t1 - p1 < 50 * MS, "thread %lld, process %lld",
		  t1, p1);
	/*
	 * Never more CPU than time, within what two clock sources may
	 * differ: Linux measures run time with sched_clock(), and under
	 * TCG a getrusage() delta 4% above CLOCK_MONOTONIC's was seen.
	 */
	UT_EXPECT(p1 - p0 <= (m1 - m0) * 11 / 10 + 10 * MS,
		  "%lld ns of CPU in %lld ns of time", p1 - p0, m1 - m0);
	UT_EXPECT(ru_cpu_ns(&r1) - ru_cpu_ns(&r0) >= 250 * MS,
		  "getrusage: %lld ns for 300 ms", ru_cpu_ns(&r1) - ru_cpu_ns(&r0));
	UT_EXPECT(ru_cpu_ns(&r1) - ru_cpu_ns(&r0) <= (m1 - m0) * 11 / 10 +
		  10 * MS,
		  "getrusage: %lld ns in %lld ns", ru_cpu_ns(&r1) - ru_cpu_ns(&r0),
		  m1 - m0);
	/* a loop in user mode: user time, mostly */
	UT_EXPECT(tv_ns(&r1.ru_utime) - tv_ns(&r0.ru_utime) >=
		  (ru_cpu_ns(&r1) - ru_cpu_ns(&r0)) / 2, "utime %lld stime %lld",
		  tv_ns(&r1.ru_utime) - tv_ns(&r0.ru_utime),
		  tv_ns(&r1.ru_stime) - tv_ns(&r0.ru_stime));
	/* times(): clock ticks of 10 ms */
	UT_EXPECT(sysconf(_SC_CLK_TCK) == 100, "CLK_TCK %ld",
		  sysconf(_SC_CLK_TCK));
	UT_EXPECT((s1.tms_utime + s1.tms_stime) - (s0.tms_utime + s0.tms_stime)
		  >= 25, "times: %ld ticks for 300 ms",
		  (long)((s1.tms_utime + s1.tms_stime) -
			 (s0.tms_utime + s0.tms_stime)));
	UT_EXPECT(k1 - k0 >= 25 && k1 - k0 <= (m1 - m0) / (10 * MS) + 2,
		  "times() moved %ld ticks in %lld ns", (long)(k1 - k0),
		  m1 - m0);
	UT_OK(clock_getres(CLOCK_PROCESS_CPUTIME_ID, &res));
	UT_EQ(res.tv_sec, 0);
	UT_EQ(res.tv_nsec, 1);
	return UT_DONE;
}

static int sleep_is_not_cpu(void)
{
	struct timespec d = { 0, 200 * MS };
	long long p0 = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	long long m0 = clock_ns(CLOCK_MONOTONIC);
	struct rusage r0, r1;

	UT_OK(getrusage(RUSAGE_SELF, &r0));
	UT_OK(nanosleep(&d, NULL));
	UT_OK(getrusage(RUSAGE_SELF, &r1));
	UT_EXPECT(clock_ns(CLOCK_MONOTONIC) - m0 >= 200 * MS, "short sleep");
	UT_EXPECT(clock_ns(CLOCK_PROCESS_CPUTIME_ID) - p0 < 50 * MS,
		  "%lld ns of CPU asleep", clock_ns(CLOCK_PROCESS_CPUTIME_ID) - p0);
	UT_EXPECT(ru_cpu_ns(&r1) - ru_cpu_ns(&r0) < 50 * MS,
		  "getrusage: %lld ns asleep", ru_cpu_ns(&r1) - ru_cpu_ns(&r0));
	/* the sleep was a voluntary switch */
	UT_EXPECT(r1.ru_nvcsw > r0.ru_nvcsw, "nvcsw %ld -> %ld", r0.ru_nvcsw,
		  r1.ru_nvcsw);
	return UT_DONE;
}

#define CHILD_MIB	8

static int children_at_wait(void)
{
	struct rusage c0, c1, c2, w;
	struct tms s0, s1;
	int fds[2], status;
	char byte;
	pid_t pid;

	UT_OK(getrusage(RUSAGE_CHILDREN, &c0));
	times(&s0);
	UT_OK(pipe(fds));
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		size_t len = CHILD_MIB << 20;
		char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			_exit(1);
		for (size_t i = 0; i < len; i += 4096)
			p[i] = 1;
		burn(200 * MS);
		_exit(write(fds[1], "x", 1) == 1 ? 0 : 2);
	}
	UT_EXPECT(pid > 0, "fork: %s", strerror(errno));
	if (pid < 0)
		return UT_DONE;
	close(fds[1]);
	UT_EQ(read(fds[0], &byte, 1), 1);
	close(fds[0]);
	usleep(100000);		/* a zombie now, not yet waited for */
	UT_OK(getrusage(RUSAGE_CHILDREN, &c1));
	UT_EQ(ru_cpu_ns(&c1), ru_cpu_ns(&c0));
	UT_EQ(wait4(pid, &status, 0, &w), pid);
	UT_EQ(status, 0);
	UT_OK(getrusage(RUSAGE_CHILDREN, &c2));
	times(&s1);
	UT_EXPECT(ru_cpu_ns(&w) >= 150 * MS, "wait4: %lld ns", ru_cpu_ns(&w));
	UT_EXPECT(w.ru_maxrss >= CHILD_MIB * 1024, "wait4: maxrss %ld KiB",
		  w.ru_maxrss);
	UT_EXPECT(ru_cpu_ns(&c2) - ru_cpu_ns(&c1) >= 150 * MS,
		  "RUSAGE_CHILDREN grew by %lld ns",
		  ru_cpu_ns(&c2) - ru_cpu_ns(&c1));
	UT_EXPECT(c2.ru_maxrss >= CHILD_MIB * 1024, "children's maxrss %ld",
		  c2.ru_maxrss);
	UT_EXPECT((s1.tms_cutime + s1.tms_cstime) -
		  (s0.tms_cutime + s0.tms_cstime) >= 15,
		  "times: children %ld ticks",
		  (long)((s1.tms_cutime + s1.tms_cstime) -
			 (s0.tms_cutime + s0.tms_cstime)));
	return UT_DONE;
}

static int maxrss_self(void)
{
	size_t len = 16 << 20;
	struct rusage r;
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	UT_EXPECT(p != MAP_FAILED, "mmap: %s", strerror(errno));
	if (p == MAP_FAILED)
		return UT_DONE;
	for (size_t i = 0; i < len; i += 4096)
		p[i] = 1;
	UT_OK(getrusage(RUSAGE_SELF, &r));
	UT_EXPECT(r.ru_maxrss >= 16 * 1024, "maxrss %ld KiB", r.ru_maxrss);
	/* kept after the memory goes */
	UT_OK(munmap(p, len));
	UT_OK(getrusage(RUSAGE_THREAD, &r));
	UT_EXPECT(r.ru_maxrss >= 16 * 1024, "maxrss %ld KiB after munmap",
		  r.ru_maxrss);
	return UT_DONE;
}

static int bad_arguments(void)
{
	struct rusage r;

	UT_ERRNO(syscall(SYS_getrusage, 2, &r), EINVAL);
	UT_ERRNO(syscall(SYS_getrusage, -2, &r), EINVAL);
	UT_ERRNO(syscall(SYS_getrusage, RUSAGE_SELF, (void *)8), EFAULT);
	UT_ERRNO(syscall(SYS_times, (void *)8), EFAULT);
	UT_EXPECT(syscall(SYS_times, NULL) > 0, "times(NULL)");
	return UT_DONE;
}

static volatile sig_atomic_t alarms;

static void on_alarm(int sig)
{
	alarms++;
}

/* burn until @n signals came, or 10 s of time: the CPU time it took */
static long long burn_until(int n)
{
	long long c0 = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	long long end = clock_ns(CLOCK_MONOTONIC) + 10000 * MS;

	while (alarms < n && clock_ns(CLOCK_MONOTONIC) < end)
		spin_user();
	return clock_ns(CLOCK_PROCESS_CPUTIME_ID) - c0;
}

static int cpu_itimer(int which, int sig)
{
	struct itimerval v = { { 0, 0 }, { 0, 50000 } }, o;
	struct itimerval every = { { 0, 20000 }, { 0, 20000 } }, off = { 0 };
	struct sigaction sa = { .sa_handler = on_alarm };
	struct timespec d = { 0, 150 * MS };
	long long used;

	UT_OK(sigaction(sig, &sa, NULL));
	UT_OK(getitimer(which, &o));
	UT_EQ(o.it_value.tv_sec + o.it_value.tv_usec, 0);
	/* one shot of 50 ms: what is left reads at most a tick more */
	alarms = 0;
	UT_OK(setitimer(which, &v, NULL));
	UT_OK(getitimer(which, &o));
	UT_EXPECT(o.it_value.tv_sec == 0 && o.it_value.tv_usec > 30000 &&
		  o.it_value.tv_usec <= 60000, "left %ld.%06ld",
		  (long)o.it_value.tv_sec, (long)o.it_value.tv_usec);
	UT_EQ(o.it_interval.tv_usec, 0);
	used = burn_until(1);
	UT_EQ(alarms, 1);
	UT_EXPECT(used >= 40 * MS, "signal after %lld ns of CPU", used);
	UT_OK(getitimer(which, &o));
	UT_EQ(o.it_value.tv_sec + o.it_value.tv_usec, 0);
	/* 20 ms again and again: a few in 150 ms of CPU */
	alarms = 0;
	UT_OK(setitimer(which, &every, NULL));
	burn(150 * MS);
	UT_OK(setitimer(which, &off, &o));
	UT_EXPECT(alarms >= 3 && alarms <= 9, "%d signals", (int)alarms);
	UT_EQ(o.it_interval.tv_usec, 20000);
	/* sleeping uses no CPU: a 10 ms timer does not fire in 150 ms */
	alarms = 0;
	v.it_value.tv_usec = 10000;
	UT_OK(setitimer(which, &v, NULL));
	UT_OK(nanosleep(&d, NULL));
	UT_EQ(alarms, 0);
	UT_OK(setitimer(which, &off, NULL));
	signal(sig, SIG_DFL);
	return UT_DONE;
}

static int itimer_virtual(void)
{
	return cpu_itimer(ITIMER_VIRTUAL, SIGVTALRM);
}

static int itimer_prof(void)
{
	return cpu_itimer(ITIMER_PROF, SIGPROF);
}

static const struct ut_case cases[] = {
	UT_CASE(cpu_clocks_and_rusage),
	UT_CASE(sleep_is_not_cpu),
	UT_CASE(children_at_wait),
	UT_CASE(maxrss_self),
	UT_CASE(bad_arguments),
	UT_CASE(itimer_virtual),
	UT_CASE(itimer_prof),
};

int main(void)
{
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
