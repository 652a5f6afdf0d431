// SPDX-License-Identifier: GPL-2.0
/*
 * syscalls - the basic system calls every static program makes before
 * main() or in its first lines: identity, time, randomness, limits and
 * affinity, and -ENOSYS for a number the kernel does not know.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/time.h>
#include <sys/utsname.h>
#include <sys/wait.h>

#include "ut.h"

static int uname_is_linux(void)
{
	struct utsname u;

	UT_OK(uname(&u));
	UT_EXPECT(!strcmp(u.sysname, "Linux"), "sysname \"%s\"", u.sysname);
	UT_EXPECT(!strcmp(u.machine, "x86_64"), "machine \"%s\"", u.machine);
	UT_EXPECT(u.release[0] != '\0', "empty release");
	UT_EXPECT(u.version[0] != '\0', "empty version");
	return UT_DONE;
}

static int ids(void)
{
	pid_t pid = getpid();

	UT_EXPECT(pid > 0, "getpid %d", (int)pid);
	UT_EQ(syscall(SYS_getpid), pid);
	/* single-threaded: the thread id is the process id */
	UT_EQ(syscall(SYS_gettid), pid);
	UT_EXPECT(getppid() >= 0 && getppid() != pid, "getppid %d", (int)getppid());
	UT_EQ(getuid(), geteuid());
	UT_EQ(getgid(), getegid());
	UT_EQ(syscall(SYS_set_tid_address, NULL), pid);
	UT_EQ(getpgrp(), getpgid(0));
	UT_EQ(getsid(0), getsid(pid));
	return UT_DONE;
}

static long long ts_ns(const struct timespec *t)
{
	return t->tv_sec * 1000000000LL + t->tv_nsec;
}

static int clocks(void)
{
	struct timespec a, b, d = { 0, 20 * 1000 * 1000 }, rt;
	struct timeval tv;

	UT_OK(clock_gettime(CLOCK_MONOTONIC, &a));
	UT_OK(nanosleep(&d, NULL));
	UT_OK(clock_gettime(CLOCK_MONOTONIC, &b));
	UT_EXPECT(ts_ns(&b) - ts_ns(&a) >= 20000000LL,
		  "slept 20 ms, monotonic moved %lld ns", ts_ns(&b) - ts_ns(&a));
	UT_EXPECT(a.tv_nsec >= 0 && a.tv_nsec < 1000000000L, "tv_nsec %ld", a.tv_nsec);
	UT_OK(clock_gettime(CLOCK_REALTIME, &rt));
	UT_OK(gettimeofday(&tv, NULL));
	/* both read the same wall clock, a second apart at most */
	UT_EXPECT(tv.tv_sec - rt.tv_sec <= 1 && tv.tv_sec >= rt.tv_sec,
		  "gettimeofday %lld vs realtime %lld", (long long)tv.tv_sec,
		  (long long)rt.tv_sec);
	UT_EXPECT(tv.tv_usec >= 0 && tv.tv_usec < 1000000, "tv_usec %ld",
		  (long)tv.tv_usec);
	UT_ERRNO(clock_gettime((clockid_t)1000, &a), EINVAL);
	return UT_DONE;
}

static int random_bytes(void)
{
	unsigned char a[32] = { 0 }, b[32] = { 0 };

	UT_EQ(syscall(SYS_getrandom, a, sizeof(a), 0), sizeof(a));
	UT_EQ(syscall(SYS_getrandom, b, sizeof(b), 0), sizeof(b));
	UT_EXPECT(memcmp(a, b, sizeof(a)), "two getrandom() calls gave the same 32 bytes");
	UT_ERRNO(syscall(SYS_getrandom, a, sizeof(a), 0x1000), EINVAL);
	return UT_DONE;
}

static int system_info(void)
{
	struct sysinfo si;
	unsigned long long total, freeram;
	struct timespec boot;

	UT_OK(sysinfo(&si));
	total = (unsigned long long)si.totalram * si.mem_unit;
	freeram = (unsigned long long)si.freeram * si.mem_unit;
	/* the runner boots with -m 512M; firmware and kernel keep some */
	UT_EXPECT(total > (256ULL << 20) && total <= (512ULL << 20),
		  "totalram %llu bytes", total);
	UT_EXPECT(freeram > 0 && freeram < total, "freeram %llu of %llu", freeram, total);
	UT_EXPECT(si.procs >= 1, "procs %u", si.procs);
	UT_OK(clock_gettime(CLOCK_BOOTTIME, &boot));
	/* uptime is boot time in whole seconds */
	UT_EXPECT((long long)si.uptime - boot.tv_sec <= 1 &&
		  boot.tv_sec - (long long)si.uptime <= 1,
		  "uptime %lld, CLOCK_BOOTTIME %lld", (long long)si.uptime,
		  (long long)boot.tv_sec);
	return UT_DONE;
}

static int limits(void)
{
	struct rlimit r, old, set;

	UT_OK(getrlimit(RLIMIT_STACK, &r));
	/* Linux's default, _STK_LIM */
	UT_EQ(r.rlim_cur, 8 << 20);
	UT_OK(getrlimit(RLIMIT_NOFILE, &r));
	UT_OK(syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, NULL, &old));
	UT_EQ(old.rlim_cur, r.rlim_cur);
	UT_EQ(old.rlim_max, r.rlim_max);
	set.rlim_cur = 64;
	set.rlim_max = r.rlim_max;
	UT_OK(setrlimit(RLIMIT_NOFILE, &set));
	UT_OK(getrlimit(RLIMIT_NOFILE, &old));
	UT_EQ(old.rlim_cur, 64);
	/* descriptor 64 is now out of range */
	UT_ERRNO(dup2(0, 64), EBADF);
	UT_OK(setrlimit(RLIMIT_NOFILE, &r));
	set.rlim_cur = r.rlim_max + 1;
	if (r.rlim_max != RLIM_INFINITY)
		UT_ERRNO(setrlimit(RLIMIT_NOFILE, &set), EINVAL);
	UT_ERRNO(getrlimit(1000, &r), EINVAL);
	return UT_DONE;
}

/* the CPUs in "0-3" or "0,2-3" */
static int count_cpu_list(const char *s)
{
	int n = 0;

	while (*s >= '0' && *s <= '9') {
		char *end;
		long a = strtol(s, &end, 10), b = a;

		if (*end == '-')
			b = strtol(end + 1, &end, 10);
		n += b - a + 1;
		s = *end == ',' ? end + 1 : end;
	}
	return n;
}

static int affinity(void)
{
	cpu_set_t set;
	char buf[64] = "";
	long r;
	int fd;

	CPU_ZERO(&set);
	r = syscall(SYS_sched_getaffinity, 0, sizeof(set), &set);
	/* the raw call returns the bytes of the kernel's mask it copied */
	UT_EXPECT(r > 0 && r % 8 == 0 && r <= (long)sizeof(set), "returned %ld", r);
	UT_EXPECT(CPU_ISSET(0, &set), "CPU 0 not in the mask");
	fd = open("/sys/devices/system/cpu/online", O_RDONLY);
	if (fd < 0)
		UT_SKIP("/sys/devices/system/cpu/online: %s", strerror(errno));
	UT_EXPECT(read(fd, buf, sizeof(buf) - 1) > 0, "read online");
	close(fd);
	UT_EQ(CPU_COUNT(&set), count_cpu_list(buf));
	UT_ERRNO(syscall(SYS_sched_getaffinity, 0, 1, &set), EINVAL);
	return UT_DONE;
}

/* a child starts with its parent's affinity, and may change its own */
static int affinity_inherited(void)
{
	cpu_set_t saved, one;
	pid_t pid;
	int st;

	UT_OK(sched_getaffinity(0, sizeof(saved), &saved));
	CPU_ZERO(&one);
	CPU_SET(0, &one);
	UT_OK(sched_setaffinity(0, sizeof(one), &one));
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		cpu_set_t got;

		CPU_ZERO(&got);
		if (sched_getaffinity(0, sizeof(got), &got))
			_exit(2);
		if (!CPU_EQUAL(&got, &one))
			_exit(3);
		_exit(sched_setaffinity(0, sizeof(saved), &saved) ? 4 : 0);
	}
	UT_OK(pid);
	st = ut_wait(pid);
	UT_OK(sched_setaffinity(0, sizeof(saved), &saved));
	UT_EXPECT(WIFEXITED(st) && WEXITSTATUS(st) == 0,
		  "child status %#x (3: the mask was not inherited)", st);
	return UT_DONE;
}

static int unknown_number(void)
{
	/* numbers past the table, and a negative one */
	UT_ERRNO(syscall(1000), ENOSYS);
	UT_ERRNO(syscall(100000), ENOSYS);
	UT_ERRNO(syscall(-1L), ENOSYS);
	/* the process lives on and can still make calls */
	UT_EXPECT(getpid() > 0, "getpid after ENOSYS");
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(uname_is_linux),
	UT_CASE(ids),
	UT_CASE(clocks),
	UT_CASE(random_bytes),
	UT_CASE(system_info),
	UT_CASE(limits),
	UT_CASE(affinity),
	UT_CASE(affinity_inherited),
	UT_CASE(unknown_number),
};

int main(void)
{
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
