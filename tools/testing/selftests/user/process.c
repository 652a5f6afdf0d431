// SPDX-License-Identifier: GPL-2.0
/*
 * process - fork, vfork, clone as glibc's fork() calls it, execve of a
 * static binary and of a "#!" script, the initial stack (argv, envp,
 * auxv), wait4 status encoding, zombies, reparenting to pid 1 and
 * exit/exit_group.  Built with musl and, as process-glibc, with glibc.
 *
 * The exec cases run this same binary again: "--auxv" checks the stack
 * the kernel built and exits 0 when it is right, "--script" checks the
 * arguments a "#!" line produced.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <time.h>
#include <sys/auxv.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/stat.h>

#include "ut.h"

#define SCRIPT "/tmp/ut_process_script"

static const char *self;
static char **initial_envp;

static int child_exit(long code)
{
	return (int)code;
}

static int fork_and_wait(void)
{
	pid_t parent = getpid(), pid;
	int status;
	struct rusage ru;

	fflush(NULL);
	pid = fork();
	if (pid == 0)
		_exit(getppid() == parent && getpid() != parent ? 7 : 1);
	UT_EXPECT(pid > 0, "fork: %s", strerror(errno));
	UT_EQ(wait4(pid, &status, 0, &ru), pid);
	UT_EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 7, "status %#x", status);
	UT_ERRNO(wait4(-1, &status, 0, NULL), ECHILD);
	UT_ERRNO(wait4(pid, &status, WNOHANG, NULL), ECHILD);
	return UT_DONE;
}

static int vfork_shares_memory(void)
{
	volatile int shared = 0;
	pid_t pid;

	fflush(NULL);
	pid = vfork();
	if (pid == 0) {
		/* the parent is suspended until this exits; memory is its */
		shared = 42;
		_exit(5);
	}
	UT_EXPECT(pid > 0, "vfork: %s", strerror(errno));
	UT_EQ(ut_wait(pid), 5 << 8);
	UT_EQ(shared, 42);
	return UT_DONE;
}

/* glibc's fork(): clone(CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID | SIGCHLD) */
static int clone_like_glibc_fork(void)
{
	static pid_t ctid;
	long pid;
	int status;

	fflush(NULL);
	pid = syscall(SYS_clone, CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID | SIGCHLD,
		      NULL, NULL, &ctid, NULL);
	if (pid == 0)
		syscall(SYS_exit_group, ctid == syscall(SYS_gettid) ? 0 : 1);
	UT_EXPECT(pid > 0, "clone: %s", strerror(errno));
	/* SETTID wrote the child's copy, not ours */
	UT_EQ(ctid, 0);
	UT_EQ(waitpid(pid, &status, 0), pid);
	UT_EQ(status, 0);
	return UT_DONE;
}

static int exec_static(void)
{
	char *argv[] = { (char *)self, "--auxv", "two words", NULL };
	char *envp[] = { "UT_ENV=1", "PATH=/bin", NULL };
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		execve(self, argv, envp);
		_exit(127);
	}
	UT_EQ(ut_wait(pid), 0);
	return UT_DONE;
}

static int write_file(const char *path, const char *text, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, strlen(text));
	close(fd);
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

static int exec_script(void)
{
	char line[300], *argv[] = { SCRIPT, "arg1", NULL };
	pid_t pid;

	snprintf(line, sizeof(line), "#!%s --script\nnot run\n", self);
	UT_OK(write_file(SCRIPT, line, 0755));
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		execve(SCRIPT, argv, initial_envp);
		_exit(127);
	}
	UT_EQ(ut_wait(pid), 42 << 8);
	/* not executable: EACCES, and the caller goes on */
	UT_OK(chmod(SCRIPT, 0644));
	UT_ERRNO(execve(SCRIPT, argv, initial_envp), EACCES);
	UT_ERRNO(execve("/nonexistent/prog", argv, initial_envp), ENOENT);
	unlink(SCRIPT);
	return UT_DONE;
}

static int status_encoding(void)
{
	struct rlimit no_core = { 0, 0 };
	int st;

	UT_EQ(ut_in_child(child_exit, 3), 3 << 8);
	UT_EQ(ut_in_child(child_exit, 255), 255 << 8);
	/* exit codes are taken modulo 256 */
	UT_EQ(ut_in_child(child_exit, 256 + 4), 4 << 8);

	/* killed: the signal number, bit 7 only if a core was written */
	UT_OK(setrlimit(RLIMIT_CORE, &no_core));
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		pause();
		_exit(0);
	}
	UT_OK(kill(pid, SIGTERM));
	st = ut_wait(pid);
	UT_EXPECT(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM && !WCOREDUMP(st),
		  "status %#x", st);
	pid = fork();
	if (pid == 0) {
		raise(SIGABRT);
		_exit(0);
	}
	st = ut_wait(pid);
	/* SIGABRT's default is a core dump; RLIMIT_CORE 0 means none made */
	UT_EQ(st, SIGABRT);

	/* stopped and continued, with WUNTRACED and WCONTINUED */
	pid = fork();
	if (pid == 0) {
		for (;;)
			pause();
	}
	UT_OK(kill(pid, SIGSTOP));
	UT_EQ(waitpid(pid, &st, WUNTRACED), pid);
	UT_EXPECT(WIFSTOPPED(st) && WSTOPSIG(st) == SIGSTOP, "status %#x", st);
	UT_EQ(st, (SIGSTOP << 8) | 0x7f);
	UT_OK(kill(pid, SIGCONT));
	UT_EQ(waitpid(pid, &st, WCONTINUED), pid);
	UT_EXPECT(WIFCONTINUED(st), "status %#x", st);
	UT_EQ(st, 0xffff);
	UT_OK(kill(pid, SIGKILL));
	UT_EQ(ut_wait(pid), SIGKILL);
	return UT_DONE;
}

static int zombie_until_waited(void)
{
	struct timespec d = { 0, 50 * 1000 * 1000 };
	char path[64], stat[128] = "";
	int fd, st;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid == 0)
		_exit(0);
	nanosleep(&d, NULL);
	/* exited but not waited for: still there for kill(pid, 0) */
	UT_OK(kill(pid, 0));
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY);
	if (fd >= 0) {
		UT_EXPECT(read(fd, stat, sizeof(stat) - 1) > 0, "read %s", path);
		UT_EXPECT(strstr(stat, ") Z ") != NULL, "%s: %s", path, stat);
		close(fd);
	}
	UT_EQ(waitpid(pid, &st, WNOHANG), pid);
	UT_ERRNO(kill(pid, 0), ESRCH);
	return UT_DONE;
}

static int orphan_reparented_to_init(void)
{
	int p[2];
	char c = 0;
	pid_t pid;

	UT_OK(pipe(p));
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		if (fork() == 0) {
			struct timespec d = { 0, 10 * 1000 * 1000 };
			int i;

			/* our parent exits: init (pid 1) adopts us */
			for (i = 0; i < 300 && getppid() != 1; i++)
				nanosleep(&d, NULL);
			c = getppid() == 1 ? 'y' : 'n';
			if (write(p[1], &c, 1) != 1)
				_exit(1);
			_exit(0);
		}
		_exit(0);
	}
	close(p[1]);
	UT_EQ(ut_wait(pid), 0);
	UT_EQ(read(p[0], &c, 1), 1);
	UT_EQ(c, 'y');
	close(p[0]);
	return UT_DONE;
}

static int exit_and_exit_group(void)
{
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid == 0)
		syscall(SYS_exit_group, 9);
	UT_EQ(ut_wait(pid), 9 << 8);
	pid = fork();
	if (pid == 0)
		syscall(SYS_exit, 8);	/* the only thread: the process ends */
	UT_EQ(ut_wait(pid), 8 << 8);
	return UT_DONE;
}

static int new_group(long unused)
{
	if (setpgid(0, 0) || getpgrp() != getpid())
		return 1;
	/* a group leader cannot start a session */
	return setsid() == -1 && errno == EPERM ? 0 : 2;
}

static int new_session(long unused)
{
	if (setsid() != getpid() || getsid(0) != getpid() ||
	    getpgrp() != getpid())
		return 1;
	/* nor move a session leader to another group */
	return setpgid(0, getppid()) == -1 && errno == EPERM ? 0 : 2;
}

static int process_groups(void)
{
	UT_EQ(ut_in_child(new_group, 0), 0);
	UT_EQ(ut_in_child(new_session, 0), 0);
	UT_ERRNO(setpgid(0, 999999), EPERM);
	UT_ERRNO(setpgid(999999, 0), ESRCH);
	return UT_DONE;
}

/* --- the exec'd side ------------------------------------------------- */

static int check_auxv(int argc, char **argv, char **envp)
{
	const unsigned char *rnd = (const void *)getauxval(AT_RANDOM);
	const Elf64_Phdr *ph = (const void *)getauxval(AT_PHDR);
	unsigned long phnum = getauxval(AT_PHNUM), i, zero = 0;
	const char *execfn = (const char *)getauxval(AT_EXECFN);
	unsigned long bias = 0, entry = 0;
	Elf64_Ehdr eh;
	int fd, bad = 0;

#define AUX_CHECK(c) do { if (!(c)) { printf("# auxv: %s\n", #c); bad = 1; } } while (0)
	AUX_CHECK(argc == 3 && !strcmp(argv[2], "two words"));
	AUX_CHECK(envp[0] && !strcmp(envp[0], "UT_ENV=1") && envp[2] == NULL);
	AUX_CHECK(getauxval(AT_PAGESZ) == 4096);
	AUX_CHECK(getauxval(AT_SECURE) == 0);
	AUX_CHECK(getauxval(AT_HWCAP) != 0);
	AUX_CHECK(rnd != NULL);
	for (i = 0; rnd && i < 16; i++)
		zero += !rnd[i];
	AUX_CHECK(zero < 16);
	AUX_CHECK(execfn && !strcmp(execfn, argv[0]));
	AUX_CHECK(getauxval(AT_PHENT) == sizeof(Elf64_Phdr));
	AUX_CHECK(ph && phnum > 0 && phnum < 64);
	fd = open(argv[0], O_RDONLY);
	AUX_CHECK(fd >= 0 && read(fd, &eh, sizeof(eh)) == sizeof(eh));
	if (fd >= 0)
		close(fd);
	AUX_CHECK(eh.e_phnum == phnum);
	/* the headers in memory are the file's, shifted by the load bias */
	for (i = 0; ph && i < phnum; i++)
		if (ph[i].p_type == PT_LOAD && ph[i].p_offset == 0)
			bias = (unsigned long)ph - eh.e_phoff - ph[i].p_vaddr;
	entry = eh.e_entry + bias;
	AUX_CHECK(eh.e_type != ET_EXEC || bias == 0);
	AUX_CHECK(getauxval(AT_ENTRY) == entry);
	fflush(NULL);
	return bad;
#undef AUX_CHECK
}

static const struct ut_case cases[] = {
	UT_CASE(fork_and_wait),
	UT_CASE(vfork_shares_memory),
	UT_CASE(clone_like_glibc_fork),
	UT_CASE(exec_static),
	UT_CASE(exec_script),
	UT_CASE(status_encoding),
	UT_CASE(zombie_until_waited),
	UT_CASE(orphan_reparented_to_init),
	UT_CASE(exit_and_exit_group),
	UT_CASE(process_groups),
};

int main(int argc, char **argv, char **envp)
{
	self = argv[0];
	initial_envp = envp;
	if (argc > 1 && !strcmp(argv[1], "--auxv"))
		return check_auxv(argc, argv, envp);
	/* argv of a "#!" script: interpreter, its argument, script, args */
	if (argc > 1 && !strcmp(argv[1], "--script"))
		return argc == 4 && !strcmp(argv[2], SCRIPT) &&
		       !strcmp(argv[3], "arg1") ? 42 : 1;
	if (self[0] != '/')
		ksft_exit_fail_msg("run me by absolute path, not %s\n", self);
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
