// SPDX-License-Identifier: GPL-2.0
/*
 * CPU hotplug from user space, as Linux 6.1 x86 shows it: cpuN/online for
 * every CPU but CPU 0, the online and offline lists, bad input refused
 * with EINVAL and nothing changed, root only, onlining an online CPU a
 * success that changes nothing, a process pinned to a CPU going offline
 * moved and its affinity widened (with the kernel's message), and
 * "cpu_hotplug_rounds" rounds (default 5) over every CPU but 0.  Runs on
 * cachet and on Linux; skipped with one CPU.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "ut.h"

#define CPU_DIR	"/sys/devices/system/cpu"

static int nr_possible;

/* the contents of @path, without the newline; "" when unreadable */
static const char *slurp(const char *path)
{
	static char buf[256];
	ssize_t n = -1;
	int fd = open(path, O_RDONLY);

	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
	}
	buf[n > 0 ? n : 0] = '\0';
	if (n > 0 && buf[n - 1] == '\n')
		buf[n - 1] = '\0';
	return buf;
}

/* write @s to cpuN/online: what write() returned, errno in *err */
static long write_online(int cpu, const char *s, size_t len, int *err)
{
	char path[64];
	long r;
	int fd;

	snprintf(path, sizeof(path), CPU_DIR "/cpu%d/online", cpu);
	fd = open(path, O_WRONLY);
	if (fd < 0) {
		*err = errno;
		return -1;
	}
	errno = 0;
	r = write(fd, s, len);
	*err = errno;
	close(fd);
	return r;
}

static int is_online(int cpu)
{
	char path[64];

	snprintf(path, sizeof(path), CPU_DIR "/cpu%d/online", cpu);
	return !strcmp(slurp(path), "1");
}

static int set_online(int cpu, int on)
{
	int err;

	return write_online(cpu, on ? "1" : "0", 1, &err) == 1 ? 0 : -err;
}

/* "0-3" style list of the CPUs of @mask */
static const char *list(unsigned long mask)
{
	static char buf[128];
	int cpu = 0, end, n = 0;

	buf[0] = '\0';
	while (cpu < 64) {
		if (!(mask >> cpu & 1)) {
			cpu++;
			continue;
		}
		for (end = cpu; end + 1 < 64 && (mask >> (end + 1) & 1); end++)
			;
		n += snprintf(buf + n, sizeof(buf) - n, n ? ",%d" : "%d", cpu);
		if (end > cpu)
			n += snprintf(buf + n, sizeof(buf) - n, "-%d", end);
		cpu = end + 1;
	}
	return buf;
}

static unsigned long all_mask(void)
{
	return nr_possible >= 64 ? ~0UL : (1UL << nr_possible) - 1;
}

static int setup(void)
{
	const char *p = slurp(CPU_DIR "/possible");
	const char *dash = strchr(p, '-');

	nr_possible = dash ? atoi(dash + 1) + 1 : 1;
	return nr_possible;
}

static int test_cpu0_has_no_online_file(void)
{
	UT_ERRNO(access(CPU_DIR "/cpu0/online", F_OK), ENOENT);
	return UT_DONE;
}

static int test_each_cpu_offline_online(void)
{
	unsigned long all = all_mask();
	char path[64];
	int cpu;

	if (nr_possible < 2)
		UT_SKIP("one CPU");
	for (cpu = 1; cpu < nr_possible; cpu++) {
		snprintf(path, sizeof(path), CPU_DIR "/cpu%d/online", cpu);
		UT_EXPECT(!strcmp(slurp(path), "1"), "cpu%d/online: %s", cpu,
			  slurp(path));
		UT_EQ(set_online(cpu, 0), 0);
		UT_EXPECT(!strcmp(slurp(path), "0"), "cpu%d/online: %s", cpu,
			  slurp(path));
		UT_EXPECT(!strcmp(slurp(CPU_DIR "/online"), list(all & ~(1UL << cpu))),
			  "online: %s", slurp(CPU_DIR "/online"));
		UT_EXPECT(!strcmp(slurp(CPU_DIR "/offline"), list(1UL << cpu)),
			  "offline: %s", slurp(CPU_DIR "/offline"));
		UT_EQ(set_online(cpu, 1), 0);
		UT_EXPECT(!strcmp(slurp(path), "1"), "cpu%d/online: %s", cpu,
			  slurp(path));
	}
	UT_EXPECT(!strcmp(slurp(CPU_DIR "/online"), list(all)), "online: %s",
		  slurp(CPU_DIR "/online"));
	UT_EXPECT(!strcmp(slurp(CPU_DIR "/offline"), ""), "offline: %s",
		  slurp(CPU_DIR "/offline"));
	return UT_DONE;
}

static int test_bad_input_changes_nothing(void)
{
	static const char *const bad[] = { "2", "abc", "-1", " 1" };
	int cpu = nr_possible - 1, err;
	unsigned int i;

	if (nr_possible < 2)
		UT_SKIP("one CPU");
	for (i = 0; i < UT_ARRAY_SIZE(bad); i++) {
		UT_EQ(write_online(cpu, bad[i], strlen(bad[i]), &err), -1);
		UT_EXPECT(err == EINVAL, "\"%s\": %s", bad[i], strerror(err));
		UT_EXPECT(is_online(cpu), "cpu%d went offline on \"%s\"", cpu,
			  bad[i]);
	}
	/* an online CPU onlined, an offline one offlined: no error */
	UT_EQ(write_online(cpu, "1\n", 2, &err), 2);
	UT_EQ(set_online(cpu, 0), 0);
	UT_EQ(write_online(cpu, "0\n", 2, &err), 2);
	UT_EQ(write_online(cpu, "2", 1, &err), -1);
	UT_EXPECT(!is_online(cpu), "cpu%d came back on \"2\"", cpu);
	UT_EQ(set_online(cpu, 1), 0);
	UT_EXPECT(!strcmp(slurp(CPU_DIR "/online"), list(all_mask())),
		  "online: %s", slurp(CPU_DIR "/online"));
	return UT_DONE;
}

static int not_root_writes(long cpu)
{
	char path[64];

	snprintf(path, sizeof(path), CPU_DIR "/cpu%ld/online", cpu);
	if (setuid(65534))
		return 2;
	return open(path, O_WRONLY) < 0 && errno == EACCES ? 0 : 1;
}

static int test_only_root_writes(void)
{
	int status;

	if (nr_possible < 2)
		UT_SKIP("one CPU");
	status = ut_in_child(not_root_writes, nr_possible - 1);
	UT_EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		  "status %#x", status);
	UT_EXPECT(is_online(nr_possible - 1), "cpu went offline");
	return UT_DONE;
}

/* the child's shared page: where it runs, and when to stop */
struct spot {
	volatile int cpu;
	volatile int stop;
};

static int spin_child(struct spot *s)
{
	while (!s->stop)
		s->cpu = sched_getcpu();
	return 0;
}

/* wait up to about 5 s for @cond on the child's page */
#define WAIT_FOR(cond)							\
	({								\
		int __i;						\
		for (__i = 0; __i < 500 && !(cond); __i++)		\
			usleep(10000);					\
		(cond);							\
	})

static int kmsg_has(const char *text)
{
	static char buf[1 << 17];
	int n = klogctl(3, buf, sizeof(buf) - 1);	/* SYSLOG_ACTION_READ_ALL */

	if (n < 0)
		return -1;
	buf[n] = '\0';
	return strstr(buf, text) != NULL;
}

static int test_pinned_process_moves(void)
{
	int cpu = nr_possible - 1, moved, widened, logged;
	struct spot *s;
	cpu_set_t set;
	char msg[96];
	pid_t pid;

	if (nr_possible < 2)
		UT_SKIP("one CPU");
	s = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED)
		UT_SKIP("mmap: %s", strerror(errno));
	s->cpu = -1;
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set))
			_exit(2);
		_exit(spin_child(s));
	}
	UT_EXPECT(pid > 0, "fork: %s", strerror(errno));
	if (pid <= 0)
		return UT_DONE;
	UT_EXPECT(WAIT_FOR(s->cpu == cpu), "child on cpu%d, not %d", s->cpu,
		  cpu);
	UT_EQ(set_online(cpu, 0), 0);
	moved = WAIT_FOR(s->cpu >= 0 && s->cpu != cpu);
	snprintf(msg, sizeof(msg), "process %d (cpu_hotplug) no longer affine to cpu%d",
		 (int)pid, cpu);
	logged = kmsg_has(msg);
	UT_EQ(set_online(cpu, 1), 0);
	/*
	 * Read once the CPU is back: sched_getaffinity() shows the mask ANDed
	 * with the active CPUs, which at two CPUs is one CPU while the other
	 * is offline, widened or not.
	 */
	CPU_ZERO(&set);
	widened = !sched_getaffinity(pid, sizeof(set), &set) &&
		  CPU_COUNT(&set) > 1;
	s->stop = 1;
	ut_wait(pid);
	UT_EXPECT(moved, "the child still runs on cpu%d", cpu);
	UT_EXPECT(widened, "the child's affinity has %d CPU(s)", CPU_COUNT(&set));
	UT_EXPECT(logged == 1, "no \"%s\" in the kernel log", msg);
	munmap(s, 4096);
	return UT_DONE;
}

static int test_rounds(void)
{
	long rounds = ut_cmdline_long("cpu_hotplug_rounds", 5), r;
	int cpu, bad = 0;

	if (nr_possible < 2)
		UT_SKIP("one CPU");
	for (r = 0; r < rounds && !bad; r++)
		for (cpu = 1; cpu < nr_possible; cpu++)
			if (set_online(cpu, 0) || set_online(cpu, 1))
				bad++;
	UT_EQ(bad, 0);
	UT_EXPECT(!strcmp(slurp(CPU_DIR "/online"), list(all_mask())),
		  "online: %s", slurp(CPU_DIR "/online"));
	ksft_print_msg("%ld rounds over %d CPUs\n", r, nr_possible - 1);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(test_cpu0_has_no_online_file),
	UT_CASE(test_each_cpu_offline_online),
	UT_CASE(test_bad_input_changes_nothing),
	UT_CASE(test_only_root_writes),
	UT_CASE(test_pinned_process_moves),
	UT_CASE(test_rounds),
};

int main(void)
{
	setup();
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
