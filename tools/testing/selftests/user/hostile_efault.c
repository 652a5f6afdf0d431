// SPDX-License-Identifier: GPL-2.0
/*
 * hostile_efault - bad pointers to every system call of issue 13's list
 * that takes one: each call gets EFAULT, never a crash, never a read or
 * write of kernel memory.  The pointers: unmapped low memory, a
 * PROT_NONE page, a kernel direct-map address, the kernel text, and a
 * non-canonical address; buffers the kernel writes also get a read-only
 * page.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <termios.h>
#include <time.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/wait.h>

#include "ut.h"

#define NBAD 6
static void *bad[NBAD + 1];	/* the last one: a read-only page */
static int pipefd[2], filefd;

static int setup(void)
{
	char *none = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	bad[0] = (void *)8;
	bad[1] = (void *)0x10000;
	bad[2] = none;
	bad[3] = (void *)0xffff888000000000UL;	/* Linux's direct map */
	bad[4] = (void *)0xffffffff81000000UL;	/* Linux's kernel text */
	bad[5] = (void *)0x8000000000000000UL;	/* not canonical */
	bad[6] = ro;
	if (none == MAP_FAILED || ro == MAP_FAILED || pipe(pipefd))
		return -1;
	filefd = open("/tmp/ut_efault", O_RDWR | O_CREAT | O_TRUNC, 0644);
	return filefd < 0 || write(filefd, "0123456789", 10) != 10 ? -1 : 0;
}

/* @expr with p = each bad pointer (and the read-only page if @ro) */
#define EACH_BAD(ro, expr)						\
	do {								\
		int __i;						\
		for (__i = 0; __i < NBAD + !!(ro); __i++) {		\
			void *p = bad[__i];				\
			errno = 0;					\
			long __r = (long)(expr);			\
			UT_EXPECT(__r == -1 && errno == EFAULT,		\
				  "%s with %p: %ld, %s", #expr, p, __r,	\
				  strerror(errno));			\
		}							\
	} while (0)

static int file_calls(void)
{
	EACH_BAD(1, (lseek(filefd, 0, SEEK_SET), read(filefd, p, 4)));
	EACH_BAD(1, pread(filefd, p, 4, 0));
	EACH_BAD(0, write(pipefd[1], p, 4));
	EACH_BAD(0, pwrite(filefd, p, 4, 0));
	EACH_BAD(0, syscall(SYS_readv, filefd, p, 1));
	EACH_BAD(0, syscall(SYS_writev, pipefd[1], p, 1));
	EACH_BAD(0, syscall(SYS_open, p, O_RDONLY));
	EACH_BAD(0, syscall(SYS_openat, AT_FDCWD, p, O_RDONLY));
	EACH_BAD(0, syscall(SYS_stat, p, bad[6]));
	EACH_BAD(1, syscall(SYS_stat, "/", p));
	EACH_BAD(1, syscall(SYS_fstat, 0, p));
	EACH_BAD(1, syscall(SYS_lstat, "/", p));
	EACH_BAD(1, syscall(SYS_newfstatat, AT_FDCWD, "/", p, 0));
	EACH_BAD(0, syscall(SYS_access, p, F_OK));
	EACH_BAD(0, syscall(SYS_faccessat, AT_FDCWD, p, F_OK));
	EACH_BAD(0, syscall(SYS_chdir, p));
	EACH_BAD(1, syscall(SYS_getcwd, p, 256));
	EACH_BAD(0, syscall(SYS_mkdir, p, 0755));
	EACH_BAD(0, syscall(SYS_mkdirat, AT_FDCWD, p, 0755));
	EACH_BAD(0, syscall(SYS_rmdir, p));
	EACH_BAD(0, syscall(SYS_unlink, p));
	EACH_BAD(0, syscall(SYS_unlinkat, AT_FDCWD, p, 0));
	EACH_BAD(0, syscall(SYS_rename, p, "/tmp/x"));
	EACH_BAD(0, syscall(SYS_rename, "/tmp/ut_efault", p));
	EACH_BAD(0, syscall(SYS_renameat, AT_FDCWD, p, AT_FDCWD, "/tmp/x"));
	EACH_BAD(0, syscall(SYS_symlink, p, "/tmp/x"));
	EACH_BAD(0, syscall(SYS_symlink, "/tmp/x", p));
	EACH_BAD(0, syscall(SYS_readlink, p, bad[6], 10));
	EACH_BAD(0, syscall(SYS_readlinkat, AT_FDCWD, p, bad[6], 10));
	EACH_BAD(0, syscall(SYS_mount, p, "/tmp", "tmpfs", 0, NULL));
	EACH_BAD(0, syscall(SYS_umount2, p, 0));
	/* the file is still what was written, and the process lives */
	{
		char buf[10];

		UT_EQ(pread(filefd, buf, 10, 0), 10);
		UT_EXPECT(!memcmp(buf, "0123456789", 10), "file changed");
	}
	return UT_DONE;
}

static int directory_and_pipe_calls(void)
{
	int dfd = open("/", O_RDONLY | O_DIRECTORY);

	EACH_BAD(1, syscall(SYS_getdents64, dfd, p, 4096));
	close(dfd);
	EACH_BAD(1, syscall(SYS_pipe, p));
	EACH_BAD(1, syscall(SYS_pipe2, p, 0));
	EACH_BAD(0, syscall(SYS_poll, p, 1, 0));
	EACH_BAD(0, syscall(SYS_ppoll, p, 1, NULL, NULL, 8));
	EACH_BAD(0, syscall(SYS_select, 1, p, NULL, NULL, NULL));
	EACH_BAD(0, syscall(SYS_pselect6, 1, p, NULL, NULL, NULL, NULL));
	EACH_BAD(1, syscall(SYS_ioctl, 0, TCGETS, p));
	EACH_BAD(1, syscall(SYS_ioctl, 0, TIOCGWINSZ, p));
	return UT_DONE;
}

static int info_and_time_calls(void)
{
	EACH_BAD(1, syscall(SYS_uname, p));
	EACH_BAD(1, syscall(SYS_sysinfo, p));
	EACH_BAD(1, syscall(SYS_gettimeofday, p, NULL));
	EACH_BAD(1, syscall(SYS_clock_gettime, CLOCK_MONOTONIC, p));
	EACH_BAD(0, syscall(SYS_nanosleep, p, NULL));
	EACH_BAD(0, syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, p, NULL));
	EACH_BAD(1, syscall(SYS_getrlimit, RLIMIT_NOFILE, p));
	EACH_BAD(0, syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, p, NULL));
	EACH_BAD(1, syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, NULL, p));
	EACH_BAD(1, syscall(SYS_getrandom, p, 16, 0));
	EACH_BAD(1, syscall(SYS_sched_getaffinity, 0, 128, p));
	EACH_BAD(1, syscall(SYS_arch_prctl, 0x1003 /* ARCH_GET_FS */, p));
	EACH_BAD(0, syscall(SYS_setitimer, ITIMER_REAL, p, NULL));
	EACH_BAD(1, syscall(SYS_getitimer, ITIMER_REAL, p));
	return UT_DONE;
}

static int signal_calls(void)
{
	EACH_BAD(0, syscall(SYS_rt_sigaction, SIGUSR1, p, NULL, 8));
	EACH_BAD(1, syscall(SYS_rt_sigaction, SIGUSR1, NULL, p, 8));
	EACH_BAD(0, syscall(SYS_rt_sigprocmask, SIG_BLOCK, p, NULL, 8));
	EACH_BAD(1, syscall(SYS_rt_sigprocmask, SIG_BLOCK, NULL, p, 8));
	EACH_BAD(0, syscall(SYS_sigaltstack, p, NULL));
	EACH_BAD(1, syscall(SYS_sigaltstack, NULL, p));
	EACH_BAD(1, syscall(SYS_rt_sigpending, p, 8));
	return UT_DONE;
}

static int process_calls(void)
{
	char *argv[] = { "x", NULL };
	pid_t pid;

	EACH_BAD(0, syscall(SYS_execve, p, argv, NULL));
	EACH_BAD(0, syscall(SYS_execve, "/selftests/bin/syscalls", p, NULL));
	EACH_BAD(0, syscall(SYS_execve, "/selftests/bin/syscalls", argv, p));
	/* a bad string inside a good argv */
	argv[0] = bad[0];
	UT_ERRNO(syscall(SYS_execve, "/selftests/bin/syscalls", argv, NULL), EFAULT);
	/* wait4 with a bad status pointer on a child that has exited */
	fflush(NULL);
	pid = fork();
	if (pid == 0)
		_exit(0);
	usleep(50000);
	UT_ERRNO(syscall(SYS_wait4, pid, bad[0], 0, NULL), EFAULT);
	waitpid(pid, NULL, WNOHANG);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(file_calls),
	UT_CASE(directory_and_pipe_calls),
	UT_CASE(info_and_time_calls),
	UT_CASE(signal_calls),
	UT_CASE(process_calls),
};

int main(void)
{
	if (setup())
		ksft_exit_fail_msg("setup: %s\n", strerror(errno));
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
