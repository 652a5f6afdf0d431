// SPDX-License-Identifier: GPL-2.0
/*
 * procfs_pid - what one process reads of another in /proc, as Linux 6.1
 * prints it: a child's cmdline, environ, stat (all 52 fields), status
 * and maps, its cwd, root and fd/ links, a zombie's files, a process that goes while its file is
 * open; and the system-wide /proc/stat, /proc/loadavg and /proc/uptime.
 * Values are cross-checked against what the child was given and against
 * system calls.
 *
 * The child is this program again, run as
 *	procfs_pid --child ARGS...
 * with a known environment, in /selftests: it ignores SIGUSR2, catches
 * SIGUSR1, opens its own program as fd 3, says "r" on its stdout and
 * waits for EOF on its stdin (a pipe).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <dirent.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>

#include "ut.h"

#define SELF		"/selftests/bin/procfs_pid"
#define STAT_FIELDS	52

static char text[65536];
static char *const child_argv[] = { SELF, "--child", "alpha", "beta gamma",
				    NULL };
static char *const child_envp[] = { "PROCFS_PID_MARK=42", "B=2", NULL };

struct child {
	pid_t pid;
	int in, out;		/* its stdin (ours to close), its stdout */
};

/* the whole of @path in text[]; its length, or -1 with errno */
static ssize_t slurp(const char *path)
{
	ssize_t n, len = 0;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	while ((n = read(fd, text + len, sizeof(text) - 1 - len)) > 0)
		len += n;
	close(fd);
	text[len] = '\0';
	return n < 0 ? -1 : len;
}

static ssize_t slurp_pid(pid_t pid, const char *file)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, file);
	return slurp(path);
}

static void child_handler(int sig)
{
}

static int child_main(void)
{
	struct sigaction sa = { .sa_handler = child_handler };
	char c;

	signal(SIGUSR2, SIG_IGN);
	sigaction(SIGUSR1, &sa, NULL);
	if (dup2(open(SELF, O_RDONLY), 3) != 3)
		return 1;
	if (write(1, "r", 1) != 1)
		return 1;
	while (read(0, &c, 1) > 0)
		;
	return 0;
}

static int stat_fields(char *s, char *comm, size_t size,
		       unsigned long long f[], char *state);

/* wait up to 2 s for @pid to be asleep (it may still be on its way) */
static void wait_asleep(pid_t pid)
{
	unsigned long long f[STAT_FIELDS + 1];
	char comm[32], state = 0;
	int i;

	for (i = 0; i < 200 && state != 'S'; i++) {
		if (slurp_pid(pid, "stat") < 0 ||
		    stat_fields(text, comm, sizeof(comm), f, &state) < 0)
			return;
		if (state != 'S')
			usleep(10000);
	}
}

/* start the child and wait until it is ready; false after a failure */
static bool child_start(struct child *c)
{
	int in[2], out[2];
	char r;

	/* close-on-exec: the child keeps only its stdin and stdout ends */
	if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC)) {
		ksft_print_msg("pipe: %s\n", strerror(errno));
		return false;
	}
	fflush(NULL);
	c->pid = fork();
	if (c->pid == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		if (chdir("/selftests"))
			_exit(126);
		execve(SELF, child_argv, child_envp);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	c->in = in[1];
	c->out = out[0];
	if (c->pid < 0 || read(c->out, &r, 1) != 1) {
		ksft_print_msg("child did not start\n");
		return false;
	}
	wait_asleep(c->pid);
	return true;
}

static int child_stop(struct child *c)
{
	close(c->in);
	close(c->out);
	return ut_wait(c->pid);
}

/* the argv or envp strings as the kernel lays them out, and their size */
static size_t strings(char *const *v, char *buf)
{
	size_t n = 0;

	for (; *v; v++) {
		strcpy(buf + n, *v);
		n += strlen(*v) + 1;
	}
	return n;
}

static int cmdline_environ(void)
{
	char want[256];
	struct child c;
	ssize_t n;
	size_t len;

	if (!child_start(&c))
		return KSFT_FAIL;
	len = strings(child_argv, want);
	n = slurp_pid(c.pid, "cmdline");
	UT_EQ(n, len);
	UT_EXPECT(n == (ssize_t)len && !memcmp(text, want, len),
		  "cmdline \"%s\"...", text);
	len = strings(child_envp, want);
	n = slurp_pid(c.pid, "environ");
	UT_EQ(n, len);
	UT_EXPECT(n == (ssize_t)len && !memcmp(text, want, len),
		  "environ \"%s\"...", text);
	UT_EQ(child_stop(&c), 0);
	return UT_DONE;
}

/* split stat: f[1] the pid, f[4..52] fields 4 to 52; the count, or -1 */
static int stat_fields(char *s, char *comm, size_t size,
		       unsigned long long f[], char *state)
{
	char *open = strchr(s, '('), *close = strrchr(s, ')'), *p;
	int n = 3;			/* pid, comm, state */

	if (!open || !close || close[1] != ' ')
		return -1;
	snprintf(comm, size, "%.*s", (int)(close - open - 1), open + 1);
	f[1] = strtoull(s, NULL, 10);
	*state = close[2];
	p = close + 3;
	while (*p && n < STAT_FIELDS) {
		f[++n] = strtoull(p, &p, 10);
		if (*p != ' ' && *p != '\n')
			return -1;
	}
	return *p == '\n' && !p[1] ? n : -1;
}

static unsigned long long clock_ticks_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_BOOTTIME, &ts);
	return ts.tv_sec * 100ULL + ts.tv_nsec / 10000000 + 1;
}

static int stat_child(void)
{
	unsigned long long f[STAT_FIELDS + 1] = { 0 }, before;
	size_t arg_len, env_len;
	char comm[32], state, buf[256];
	struct rlimit rss;
	struct child c;

	before = clock_ticks_now() - 1;
	if (!child_start(&c))
		return KSFT_FAIL;
	arg_len = strings(child_argv, buf);
	env_len = strings(child_envp, buf);
	getrlimit(RLIMIT_RSS, &rss);
	UT_OK(slurp_pid(c.pid, "stat"));
	UT_EQ(stat_fields(text, comm, sizeof(comm), f, &state), STAT_FIELDS);
	UT_EQ(f[1], c.pid);
	UT_EXPECT(!strcmp(comm, "procfs_pid"), "comm \"%s\"", comm);
	UT_EXPECT(state == 'S', "state %c: blocked in read()", state);
	UT_EQ(f[4], getpid());			/* ppid */
	UT_EQ(f[5], getpgrp());			/* pgrp */
	UT_EQ(f[6], getsid(0));			/* session */
	UT_EQ(f[18], 20);			/* priority */
	UT_EQ(f[19], 0);			/* nice */
	UT_EQ(f[20], 1);			/* num_threads */
	UT_EXPECT(f[22] >= before && f[22] <= clock_ticks_now(),
		  "starttime %llu not in [%llu, now]", f[22], before);
	UT_EXPECT(f[23] >= 4096 && f[23] % 4096 == 0, "vsize %llu", f[23]);
	UT_EXPECT(f[24] > 0 && f[24] * 4096 <= f[23], "rss %llu", f[24]);
	UT_EQ(f[25], rss.rlim_cur);		/* rsslim */
	UT_EXPECT(f[26] > 0 && f[27] > f[26], "code %llx-%llx", f[26], f[27]);
	UT_EXPECT(f[28] > f[27], "startstack %llx", f[28]);
	/* sigignore, sigcatch: SIGUSR2 (12), SIGUSR1 (10) */
	UT_EQ(f[33] & (1 << 11), 1 << 11);
	UT_EQ(f[34] & (1 << 9), 1 << 9);
	UT_EQ(f[38], SIGCHLD);			/* exit_signal */
	UT_EXPECT(f[45] >= f[27], "start_data %llx", f[45]);
	UT_EQ(f[49] - f[48], arg_len);		/* arg_start, arg_end */
	UT_EQ(f[51] - f[50], env_len);		/* env_start, env_end */
	UT_EQ(f[52], 0);			/* exit_code */
	UT_EQ(child_stop(&c), 0);
	return UT_DONE;
}

/* the value after "@label:\t" in text[], or NULL */
static const char *status_field(const char *label)
{
	char key[40];
	const char *p;

	snprintf(key, sizeof(key), "\n%s:\t", label);
	p = strstr(text, key);
	return p ? p + strlen(key) : NULL;
}

static bool status_is(const char *label, const char *want)
{
	const char *v = status_field(label);

	return v && !strncmp(v, want, strlen(want)) && v[strlen(want)] == '\n';
}

static int status_child(void)
{
	char want[64];
	struct child c;
	const char *v;

	if (!child_start(&c))
		return KSFT_FAIL;
	UT_OK(slurp_pid(c.pid, "status"));
	UT_EXPECT(!strncmp(text, "Name:\tprocfs_pid\nUmask:\t", 24),
		  "starts \"%.30s\"", text);
	UT_EXPECT(status_is("State", "S (sleeping)"), "State");
	snprintf(want, sizeof(want), "%d", (int)c.pid);
	UT_EXPECT(status_is("Tgid", want) && status_is("Pid", want), "Pid");
	snprintf(want, sizeof(want), "%d", (int)getpid());
	UT_EXPECT(status_is("PPid", want), "PPid");
	snprintf(want, sizeof(want), "%u\t%u\t%u\t%u", getuid(), geteuid(),
		 geteuid(), geteuid());
	UT_EXPECT(status_is("Uid", want), "Uid: want %s", want);
	snprintf(want, sizeof(want), "%u\t%u\t%u\t%u", getgid(), getegid(),
		 getegid(), getegid());
	UT_EXPECT(status_is("Gid", want), "Gid: want %s", want);
	v = status_field("VmRSS");
	UT_EXPECT(v && strtoul(v, NULL, 10) > 0, "VmRSS");
	UT_EXPECT(status_is("Threads", "1"), "Threads");
	v = status_field("SigIgn");
	UT_EXPECT(v && strtoull(v, NULL, 16) & (1 << 11), "SigIgn");
	v = status_field("SigCgt");
	UT_EXPECT(v && strtoull(v, NULL, 16) & (1 << 9), "SigCgt");
	UT_EXPECT(status_field("Cpus_allowed_list") != NULL, "Cpus_allowed_list");
	UT_EXPECT(status_field("nonvoluntary_ctxt_switches") != NULL,
		  "nonvoluntary_ctxt_switches");
	UT_EQ(child_stop(&c), 0);
	return UT_DONE;
}

static int maps_child(void)
{
	unsigned long long f[STAT_FIELDS + 1] = { 0 }, lo, hi;
	bool stack = false, code = false;
	char comm[32], state, perms[8];
	struct child c;
	char *line;

	if (!child_start(&c))
		return KSFT_FAIL;
	UT_OK(slurp_pid(c.pid, "stat"));
	UT_EQ(stat_fields(text, comm, sizeof(comm), f, &state), STAT_FIELDS);
	UT_OK(slurp_pid(c.pid, "maps"));
	for (line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		if (sscanf(line, "%llx-%llx %4s", &lo, &hi, perms) != 3) {
			UT_EXPECT(0, "line \"%s\"", line);
			continue;
		}
		/* startcode and startstack inside the right mappings */
		if (lo <= f[26] && f[26] < hi)
			code = perms[2] == 'x';
		if (lo <= f[28] && f[28] < hi)
			stack = strstr(line, " [stack]") != NULL;
	}
	UT_EXPECT(code, "no executable mapping at startcode %llx", f[26]);
	UT_EXPECT(stack, "no [stack] at startstack %llx", f[28]);
	UT_EQ(child_stop(&c), 0);
	return UT_DONE;
}

/* readlink of /proc/@pid/@name into @buf; its length or -1 */
static ssize_t link_of(pid_t pid, const char *name, char *buf, size_t size)
{
	char path[64];
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, name);
	n = readlink(path, buf, size - 1);
	buf[n < 0 ? 0 : n] = '\0';
	return n;
}

static int links_child(void)
{
	char buf[256], want[64], name[32];
	bool zero = false, one = false, three = false;
	struct dirent *e;
	struct stat st;
	struct child c;
	DIR *d;

	if (!child_start(&c))
		return KSFT_FAIL;
	UT_OK(link_of(c.pid, "cwd", buf, sizeof(buf)));
	UT_EXPECT(!strcmp(buf, "/selftests"), "cwd \"%s\"", buf);
	UT_OK(link_of(c.pid, "root", buf, sizeof(buf)));
	UT_EXPECT(!strcmp(buf, "/"), "root \"%s\"", buf);
	/* its stdin is the read end of our pipe: "pipe:[inode]" */
	UT_OK(fstat(c.in, &st));
	snprintf(want, sizeof(want), "pipe:[%lu]", (unsigned long)st.st_ino);
	UT_OK(link_of(c.pid, "fd/0", buf, sizeof(buf)));
	UT_EXPECT(!strcmp(buf, want), "fd/0 \"%s\", want \"%s\"", buf, want);
	UT_OK(link_of(c.pid, "fd/3", buf, sizeof(buf)));
	UT_EXPECT(!strcmp(buf, SELF), "fd/3 \"%s\"", buf);
	UT_ERRNO(link_of(c.pid, "fd/999", buf, sizeof(buf)), ENOENT);
	/* the directory lists each descriptor, each a link that resolves */
	snprintf(name, sizeof(name), "/proc/%d/fd", (int)c.pid);
	d = opendir(name);
	UT_EXPECT(d != NULL, "opendir %s: %s", name, strerror(errno));
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		zero |= !strcmp(e->d_name, "0");
		one |= !strcmp(e->d_name, "1");
		three |= !strcmp(e->d_name, "3");
		snprintf(name, sizeof(name), "fd/%.20s", e->d_name);
		UT_EXPECT(e->d_type == DT_LNK, "%s: type %d", name, e->d_type);
		UT_EXPECT(link_of(c.pid, name, buf, sizeof(buf)) > 0,
			  "%s: %s", name, strerror(errno));
	}
	if (d)
		closedir(d);
	UT_EXPECT(zero && one && three, "fd/ lists 0 %d, 1 %d, 3 %d", zero,
		  one, three);
	UT_EQ(child_stop(&c), 0);
	return UT_DONE;
}

/* the reader's own descriptors through /proc/self */
static int self_fd(void)
{
	char path[64], buf[256];
	int fd = open("/proc/cpuinfo", O_RDONLY);

	UT_OK(fd);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	UT_EQ(readlink(path, buf, sizeof(buf) - 1), strlen("/proc/cpuinfo"));
	UT_EXPECT(!strncmp(buf, "/proc/cpuinfo", 13), "%s", path);
	close(fd);
	UT_ERRNO(readlink(path, buf, sizeof(buf)), ENOENT);
	return UT_DONE;
}

/* a zombie: its files are there, empty where the memory was */
static int zombie(void)
{
	unsigned long long f[STAT_FIELDS + 1] = { 0 };
	char comm[32], state = 0;
	pid_t pid;
	int i;

	fflush(NULL);
	pid = fork();
	if (pid == 0)
		_exit(3);
	for (i = 0; i < 500 && state != 'Z'; i++) {
		usleep(10000);
		if (slurp_pid(pid, "stat") < 0 ||
		    stat_fields(text, comm, sizeof(comm), f, &state) < 0)
			break;
	}
	UT_EXPECT(state == 'Z', "state %c", state);
	UT_EQ(f[23], 0);			/* vsize */
	UT_EQ(f[24], 0);			/* rss */
	UT_EQ(f[52], 3 << 8);			/* exit_code: the wait status */
	UT_EQ(slurp_pid(pid, "cmdline"), 0);
	UT_EQ(slurp_pid(pid, "maps"), 0);
	UT_OK(slurp_pid(pid, "status"));
	UT_EXPECT(status_is("State", "Z (zombie)"), "State");
	UT_EXPECT(!status_field("VmRSS") && !status_field("Umask"),
		  "memory or umask lines");
	UT_EXPECT(status_is("FDSize", "0"), "FDSize");
	UT_EQ(ut_wait(pid), 3 << 8);
	UT_ERRNO(slurp_pid(pid, "stat"), ENOENT);
	return UT_DONE;
}

/*
 * A process reaped while its status file is open.  Linux makes the text
 * at read() and fails it with ESRCH; cachet makes it at open() and shows
 * what there was then (Documentation/filesystems/proc.rst).  Either way
 * the reader never sees a mixture, and a new open fails with ENOENT.
 */
static int gone_while_open(void)
{
	char path[64], buf[4096];
	struct child c;
	ssize_t n;
	int fd;

	if (!child_start(&c))
		return KSFT_FAIL;
	snprintf(path, sizeof(path), "/proc/%d/status", (int)c.pid);
	fd = open(path, O_RDONLY);
	UT_OK(fd);
	UT_EQ(child_stop(&c), 0);
	errno = 0;
	n = read(fd, buf, sizeof(buf) - 1);
	if (n >= 0) {
		buf[n] = '\0';
		UT_EXPECT(!strncmp(buf, "Name:\tprocfs_pid\n", 17) &&
			  strstr(buf, "\nnonvoluntary_ctxt_switches:"),
			  "read %zd: \"%.40s\"", n, buf);
	} else {
		UT_EXPECT(errno == ESRCH, "read: %s", strerror(errno));
	}
	close(fd);
	UT_ERRNO(open(path, O_RDONLY), ENOENT);
	return UT_DONE;
}

static int child_nothing(long unused)
{
	return 0;
}

/* /proc/stat's "cpu" lines; the count of cpuN lines, or -1 */
static int stat_cpu_lines(unsigned long long sum[10], unsigned long long tot[10])
{
	char *line = text, *p;
	int n = -1, i;

	memset(sum, 0, 10 * sizeof(*sum));
	while (line && !strncmp(line, "cpu", 3)) {
		unsigned long long one[10], *v = n < 0 ? tot : one;

		p = strchr(line, ' ');
		if (!p || (n < 0 && strncmp(line, "cpu  ", 5)))
			return -1;
		for (i = 0; i < 10; i++)
			v[i] = strtoull(p, &p, 10);
		if (*p != '\n')
			return -1;
		for (i = 0; n >= 0 && i < 10; i++)
			sum[i] += v[i];
		n++;
		line = p + 1;
	}
	return n;
}

static unsigned long long stat_value(const char *label)
{
	char key[32];
	const char *p;

	snprintf(key, sizeof(key), "\n%s ", label);
	p = strstr(text, key);
	return p ? strtoull(p + strlen(key), NULL, 10) : ~0ULL;
}

static int proc_stat(void)
{
	unsigned long long sum[10], tot[10], forks, ctxt, idle;
	int cpus = sysconf(_SC_NPROCESSORS_ONLN), i;
	struct timespec up;
	const char *p;

	UT_OK(slurp("/proc/stat"));
	UT_EQ(stat_cpu_lines(sum, tot), cpus);
	/* the total of each column is the CPUs' (each rounded down) */
	for (i = 0; i < 10; i++)
		UT_EXPECT(tot[i] >= sum[i] && tot[i] <= sum[i] + cpus,
			  "column %d: %llu, CPUs %llu", i, tot[i], sum[i]);
	UT_EXPECT(tot[0] + tot[2] + tot[3] > 0, "no time counted");
	UT_EXPECT(strstr(text, "\nintr ") && strstr(text, "\nctxt "), "lines");
	clock_gettime(CLOCK_BOOTTIME, &up);
	UT_EXPECT(llabs((long long)(stat_value("btime") + up.tv_sec) -
			(long long)time(NULL)) <= 2, "btime %llu",
		  stat_value("btime"));
	UT_EXPECT(stat_value("procs_running") >= 1, "procs_running");
	UT_EXPECT(stat_value("procs_blocked") != ~0ULL, "procs_blocked");
	p = strstr(text, "\nsoftirq ");
	for (i = 0, p = p ? p + 8 : NULL; p && *p == ' '; i++)
		strtoull(p, (char **)&p, 10);
	UT_EXPECT(i == 11 && p && !strcmp(p, "\n"), "softirq: %d numbers", i);
	/* a fork and a sleep move processes, ctxt and the idle time */
	forks = stat_value("processes");
	ctxt = stat_value("ctxt");
	idle = tot[3];
	UT_EQ(ut_in_child(child_nothing, 0), 0);
	usleep(300000);
	UT_OK(slurp("/proc/stat"));
	UT_EXPECT(stat_value("processes") > forks, "processes %llu -> %llu",
		  forks, stat_value("processes"));
	UT_EXPECT(stat_value("ctxt") > ctxt, "ctxt");
	UT_EQ(stat_cpu_lines(sum, tot), cpus);
	UT_EXPECT(tot[3] > idle, "idle %llu -> %llu", idle, tot[3]);
	return UT_DONE;
}

static int loadavg(void)
{
	unsigned int a[3], b[3], running, total;
	struct sysinfo si;
	int last, i, tries;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid == 0)
		_exit(0);
	UT_EQ(ut_wait(pid), 0);
	/* /proc/loadavg and sysinfo() at the same 5 s sample */
	for (tries = 0; tries < 3; tries++) {
		UT_OK(slurp("/proc/loadavg"));
		UT_EQ(sscanf(text, "%u.%2u %u.%2u %u.%2u %u/%u %d\n", &a[0],
			     &b[0], &a[1], &b[1], &a[2], &b[2], &running,
			     &total, &last), 9);
		UT_OK(sysinfo(&si));
		for (i = 0; i < 3; i++) {
			/* sysinfo: avg << 5; the file: avg + 1/200, 2 decimals */
			unsigned long x = (si.loads[i] >> 5) + 2048 / 200;

			if (x >> 11 != a[i] || ((x & 2047) * 100) >> 11 != b[i])
				break;
		}
		if (i == 3)
			break;
	}
	UT_EXPECT(tries < 3, "sysinfo loads[%d] %lu vs %u.%02u", i,
		  si.loads[i], a[i], b[i]);
	UT_EXPECT(running >= 1 && total >= running, "%u/%u", running, total);
	UT_EXPECT(last >= pid, "last pid %d, forked %d", last, (int)pid);
	UT_EXPECT(strchr(text, '\n')[1] == '\0', "one line");
	return UT_DONE;
}

static int uptime_idle(void)
{
	double up0, idle0, up1, idle1;
	int cpus = sysconf(_SC_NPROCESSORS_ONLN);

	UT_OK(slurp("/proc/uptime"));
	UT_EQ(sscanf(text, "%lf %lf", &up0, &idle0), 2);
	usleep(300000);
	UT_OK(slurp("/proc/uptime"));
	UT_EQ(sscanf(text, "%lf %lf", &up1, &idle1), 2);
	UT_EXPECT(idle0 > 0 && idle1 > idle0, "idle %.2f -> %.2f", idle0, idle1);
	UT_EXPECT(idle1 <= up1 * cpus + 0.5, "idle %.2f > %d * %.2f", idle1,
		  cpus, up1);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(cmdline_environ),
	UT_CASE(stat_child),
	UT_CASE(status_child),
	UT_CASE(maps_child),
	UT_CASE(links_child),
	UT_CASE(self_fd),
	UT_CASE(zombie),
	UT_CASE(gone_while_open),
	UT_CASE(proc_stat),
	UT_CASE(loadavg),
	UT_CASE(uptime_idle),
};

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--child"))
		return child_main();
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
