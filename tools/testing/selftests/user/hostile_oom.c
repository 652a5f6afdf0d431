// SPDX-License-Identifier: GPL-2.0
/*
 * hostile_oom - a process touches more anonymous memory than the machine
 * has.  The out-of-memory killer must kill it with SIGKILL (it is the
 * largest process), say "Out of memory: Killed process <pid>" in the
 * kernel log, and leave its parent and init alive; its memory comes back
 * (MemFree within a small tolerance of where it was).  A process with
 * oom_score_adj -1000 is never chosen: another, smaller one dies instead.
 * A vfork child that eats the memory takes its parent with it.
 *
 * The hog touches at most MemTotal + 64 MiB, so a kernel that never kills
 * it ends the test in bounded time, with a failure.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/prctl.h>

#include "ut.h"

#define MIB		(1024L * 1024)
#define CHUNK		(1 * MIB)
#define BYSTANDER	(32 * MIB)
#define SPARE		(8 * MIB)	/* a second victim, if one is taken */
/* MemFree back within 2 MiB plus 1/64 of what the hog took */
#define SLACK_KB	2048
/* looks at MemFree before judging, 10 ms apart */
#define SETTLE_LOOKS	200
#define OOM_MIN		(-1000)

static long meminfo_kb(const char *key)
{
	char line[128];
	size_t n = strlen(key);
	long v = -1;
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, n) && line[n] == ':')
			v = strtol(line + n + 1, NULL, 10);
	fclose(f);
	return v;
}

/* touch @bytes of fresh anonymous memory; false if mmap refused it */
static int touch(long bytes)
{
	char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long i;

	if (p == MAP_FAILED)
		return 0;
	for (i = 0; i < bytes; i += 4096)
		p[i] = 1;
	return 1;
}

/* has the other end of @fd closed (its only writer died)? */
static int hung_up(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, 0) == 1 && (p.revents & (POLLHUP | POLLIN));
}

/*
 * The hog: chunk after chunk until killed, or @stop_fd hangs up, or the
 * cap is reached; exits 0 when stopped, 2 at the cap, 3 if mmap refused.
 */
static void hog(long cap, int stop_fd)
{
	long done;

	prctl(PR_SET_NAME, "oom_hog");
	for (done = 0; done < cap; done += CHUNK) {
		if (stop_fd >= 0 && hung_up(stop_fd))
			_exit(0);
		if (!touch(CHUNK))
			_exit(3);
	}
	_exit(2);
}

static int set_oom_score_adj(int adj)
{
	char buf[16];
	int fd = open("/proc/self/oom_score_adj", O_WRONLY), n, ok;

	if (fd < 0)
		return -1;
	n = snprintf(buf, sizeof(buf), "%d\n", adj);
	ok = write(fd, buf, n) == n;
	close(fd);
	return ok ? 0 : -1;
}

/* does the kernel log have "<prefix><pid> (" ? */
static int log_has_kill(const char *prefix, int pid)
{
	char rec[2048], want[96];
	int fd, n, found = 0;

	snprintf(want, sizeof(want), "%s%d (", prefix, pid);
	fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		return -1;
	while ((n = read(fd, rec, sizeof(rec) - 1)) > 0 || (n < 0 && errno == EPIPE)) {
		if (n <= 0)
			continue;	/* a record overwritten while we read */
		rec[n] = '\0';
		if (strstr(rec, want))
			found = 1;
	}
	close(fd);
	return found;
}

/* MemFree once it has settled at or above @want, or the last look */
static long memfree_back(long want)
{
	long now = -1;
	int i;

	for (i = 0; i < SETTLE_LOOKS; i++) {
		now = meminfo_kb("MemFree");
		if (now >= want)
			break;
		usleep(10000);
	}
	return now;
}

static int hog_killed(void)
{
	long total = meminfo_kb("MemTotal"), before = meminfo_kb("MemFree");
	long after;
	pid_t pid;
	int st;

	UT_EXPECT(total > 0 && before > 0, "no MemTotal/MemFree");
	fflush(NULL);
	pid = fork();
	if (pid == 0)
		hog(total * 1024 + 64 * MIB, -1);
	UT_OK(pid);
	st = ut_wait(pid);
	UT_EXPECT(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL,
		  "the hog ended with status %#x, not SIGKILL", st);
	UT_EQ(kill(1, 0), 0);
	UT_EQ(log_has_kill("Out of memory: Killed process ", pid), 1);
	after = memfree_back(before - SLACK_KB - before / 64);
	ksft_print_msg("MemFree %ld kB before, %ld kB after\n", before, after);
	UT_EXPECT(after >= before - SLACK_KB - before / 64,
		  "MemFree not back: %ld kB short", before - after);
	return UT_DONE;
}

/*
 * A vfork child eating its parent's memory: the child is never the
 * choice (the memory is its parent's), the parent is, and both die, the
 * parent leaving its vfork wait for it.
 */
static void vfork_middle(long cap)
{
	pid_t child = vfork();

	if (child == 0)
		hog(cap, -1);
	_exit(child < 0 ? 6 : 7);
}

static int vfork_hog(void)
{
	long total = meminfo_kb("MemTotal");
	pid_t middle;
	int st;

	fflush(NULL);
	middle = fork();
	if (middle == 0)
		vfork_middle(total * 1024 + 64 * MIB);
	UT_OK(middle);
	st = ut_wait(middle);
	UT_EXPECT(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL,
		  "the vfork parent ended with status %#x, not SIGKILL", st);
	UT_EQ(kill(1, 0), 0);
	UT_EQ(log_has_kill("Out of memory: Killed process ", middle), 1);
	return UT_DONE;
}

/* a smaller process dies for a larger one protected by -1000 */
static int adj_min_spared(void)
{
	long total = meminfo_kb("MemTotal");
	pid_t bystander, protected, spare;
	int p[2], st;
	char c;

	if (access("/proc/self/oom_score_adj", W_OK))
		UT_SKIP("/proc/self/oom_score_adj: %s", strerror(errno));
	UT_OK(pipe(p));
	fflush(NULL);
	bystander = fork();
	if (bystander == 0) {
		/* holds the pipe's write end: its death hangs the pipe up */
		prctl(PR_SET_NAME, "oom_bystander");
		if (!touch(BYSTANDER))
			_exit(3);
		if (write(p[1], "r", 1) != 1)
			_exit(4);
		for (;;)
			pause();
	}
	UT_OK(bystander);
	close(p[1]);
	UT_EQ(read(p[0], &c, 1), 1);
	/*
	 * After the bystander dies the hog may take a little more before it
	 * sees the hang-up, and Linux may kill again: a smaller spare is
	 * there to be that second victim rather than this program.
	 */
	spare = fork();
	if (spare == 0) {
		prctl(PR_SET_NAME, "oom_spare");
		touch(SPARE);
		for (;;)
			pause();
	}
	UT_OK(spare);
	protected = fork();
	if (protected == 0) {
		if (set_oom_score_adj(OOM_MIN))
			_exit(5);
		hog(total * 1024 + 64 * MIB, p[0]);
	}
	UT_OK(protected);
	st = ut_wait(protected);
	UT_EXPECT(WIFEXITED(st) && WEXITSTATUS(st) == 0,
		  "the protected hog ended with status %#x", st);
	if (!(WIFEXITED(st) && WEXITSTATUS(st) == 0))
		kill(bystander, SIGKILL);
	st = ut_wait(bystander);
	UT_EXPECT(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL,
		  "the bystander ended with status %#x, not SIGKILL", st);
	kill(spare, SIGKILL);
	ut_wait(spare);
	UT_EQ(log_has_kill("Out of memory: Killed process ", bystander), 1);
	UT_EQ(log_has_kill("Out of memory: Killed process ", protected), 0);
	close(p[0]);
	return UT_DONE;
}

/* the file's range and errors, as Linux has them */
static int adj_file(void)
{
	static const char *const bad[] = { "-1001\n", "1001\n", "abc\n" };
	char buf[16];
	unsigned int i;
	int fd, n;

	fd = open("/proc/self/oom_score_adj", O_RDWR);
	if (fd < 0)
		UT_SKIP("/proc/self/oom_score_adj: %s", strerror(errno));
	n = read(fd, buf, sizeof(buf) - 1);
	UT_EQ(n, 2);
	buf[n > 0 ? n : 0] = '\0';
	UT_EXPECT(!strcmp(buf, "0\n"), "read \"%s\"", buf);
	for (i = 0; i < UT_ARRAY_SIZE(bad); i++)
		UT_ERRNO(pwrite(fd, bad[i], strlen(bad[i]), 0), EINVAL);
	UT_EQ(pwrite(fd, "-1000", 5, 0), 5);
	UT_EQ(pread(fd, buf, sizeof(buf) - 1, 0), 6);
	UT_EXPECT(!strncmp(buf, "-1000\n", 6), "read back \"%.6s\"", buf);
	UT_EQ(pwrite(fd, "1000\n", 5, 0), 5);
	UT_EQ(pread(fd, buf, sizeof(buf) - 1, 0), 5);
	UT_EXPECT(!strncmp(buf, "1000\n", 5), "read back \"%.5s\"", buf);
	/* back to the default, or the next cases' processes would be chosen */
	UT_EQ(pwrite(fd, "0", 1, 0), 1);
	close(fd);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(adj_file),
	UT_CASE(hog_killed),
	UT_CASE(adj_min_spared),
	UT_CASE(vfork_hog),
};

int main(void)
{
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
