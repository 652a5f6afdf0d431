// SPDX-License-Identifier: GPL-2.0
/*
 * signals - rt_sigaction with SA_SIGINFO (through libc, which adds
 * SA_RESTORER), SA_RESTART, blocking and delivery on unblock, kill to
 * self, a child, a process group and a missing pid, alarm, setitimer,
 * pause, SIGCHLD's siginfo, default actions, and an overflow handler on
 * a sigaltstack.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>

#include "ut.h"

static volatile sig_atomic_t hits;
static volatile siginfo_t last_info;

static void on_info(int sig, siginfo_t *si, void *uc)
{
	hits++;
	last_info = *si;
}

static void on_sig(int sig)
{
	hits++;
}

static int catch(int sig, void (*fn)(int), int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sa.sa_flags = flags;
	return sigaction(sig, &sa, NULL);
}

static int catch_info(int sig)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_info;
	sa.sa_flags = SA_SIGINFO;
	return sigaction(sig, &sa, NULL);
}

static int siginfo_from_kill(void)
{
	struct sigaction old;

	hits = 0;
	UT_OK(catch_info(SIGUSR1));
	UT_OK(kill(getpid(), SIGUSR1));
	UT_EQ(hits, 1);
	UT_EQ(last_info.si_signo, SIGUSR1);
	UT_EQ(last_info.si_code, SI_USER);
	UT_EQ(last_info.si_pid, getpid());
	UT_EQ(last_info.si_uid, getuid());
	UT_OK(sigaction(SIGUSR1, NULL, &old));
	UT_EXPECT(old.sa_flags & SA_SIGINFO, "flags %#x", (unsigned)old.sa_flags);
	UT_EXPECT(old.sa_sigaction == on_info, "handler not kept");
	signal(SIGUSR1, SIG_DFL);
	/* SIGKILL and SIGSTOP cannot be caught, numbers past 64 do not exist */
	UT_ERRNO(sigaction(SIGKILL, &old, NULL), EINVAL);
	UT_ERRNO(sigaction(SIGSTOP, &old, NULL), EINVAL);
	UT_ERRNO(syscall(SYS_rt_sigaction, 65, NULL, &old, 8), EINVAL);
	/* the kernel's sigset is 8 bytes: any other size is refused */
	UT_ERRNO(syscall(SYS_rt_sigaction, SIGUSR1, NULL, &old, 4), EINVAL);
	return UT_DONE;
}

/* a writer that waits @arg ms, then writes one byte to fd 1 of a pipe */
static int late_writer(long fd_and_ms)
{
	struct timespec d = { 0, (fd_and_ms & 0xffff) * 1000000L };

	nanosleep(&d, NULL);
	return write((int)(fd_and_ms >> 16), "x", 1) == 1 ? 0 : 1;
}

static int read_interrupted(int flags, ssize_t *n, int *err)
{
	struct itimerval it = { { 0, 0 }, { 0, 50 * 1000 } };
	int p[2];
	char c;
	pid_t pid;

	if (pipe(p))
		return -1;
	hits = 0;
	catch(SIGALRM, on_sig, flags);
	fflush(NULL);
	pid = fork();
	if (pid == 0)
		_exit(late_writer(((long)p[1] << 16) | 300));
	setitimer(ITIMER_REAL, &it, NULL);
	errno = 0;
	*n = read(p[0], &c, 1);
	*err = errno;
	ut_wait(pid);
	close(p[0]);
	close(p[1]);
	signal(SIGALRM, SIG_DFL);
	return 0;
}

static int sa_restart_on_pipe_read(void)
{
	ssize_t n;
	int err;

	UT_OK(read_interrupted(SA_RESTART, &n, &err));
	UT_EQ(hits, 1);
	UT_EQ(n, 1);
	UT_OK(read_interrupted(0, &n, &err));
	UT_EQ(hits, 1);
	UT_EQ(n, -1);
	UT_EQ(err, EINTR);
	return UT_DONE;
}

static int blocked_until_unblocked(void)
{
	sigset_t set, pending, old;

	hits = 0;
	UT_OK(catch(SIGUSR2, on_sig, 0));
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	UT_OK(sigprocmask(SIG_BLOCK, &set, &old));
	UT_OK(raise(SIGUSR2));
	UT_OK(raise(SIGUSR2));
	UT_EQ(hits, 0);
	UT_OK(sigpending(&pending));
	UT_EQ(sigismember(&pending, SIGUSR2), 1);
	UT_OK(sigprocmask(SIG_SETMASK, &old, NULL));
	/* standard signals do not queue: two raises, one delivery */
	UT_EQ(hits, 1);
	UT_OK(sigpending(&pending));
	UT_EQ(sigismember(&pending, SIGUSR2), 0);
	/* SIGKILL cannot be blocked: the kernel drops it from the mask */
	sigaddset(&set, SIGKILL);
	UT_OK(sigprocmask(SIG_BLOCK, &set, NULL));
	UT_OK(sigprocmask(SIG_SETMASK, &old, &set));
	UT_EQ(sigismember(&set, SIGKILL), 0);
	UT_EQ(sigismember(&set, SIGUSR2), 1);
	UT_ERRNO(syscall(SYS_rt_sigprocmask, 99, &set, NULL, 8), EINVAL);
	signal(SIGUSR2, SIG_DFL);
	return UT_DONE;
}

static pid_t sleeper(pid_t pgid)
{
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		setpgid(0, pgid);
		for (;;)
			pause();
	}
	if (pid > 0)
		setpgid(pid, pgid ? pgid : pid);	/* no race with the child */
	return pid;
}

static int kill_targets(void)
{
	pid_t a, b;
	int st;

	a = sleeper(0);
	UT_OK(kill(a, SIGTERM));
	st = ut_wait(a);
	UT_EXPECT(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM, "status %#x", st);
	/* a group of two, killed through its id */
	a = sleeper(0);
	b = sleeper(a);
	UT_OK(kill(-a, SIGUSR1));
	UT_EQ(ut_wait(a), SIGUSR1);
	UT_EQ(ut_wait(b), SIGUSR1);
	UT_OK(kill(getpid(), 0));
	UT_ERRNO(kill(999999, SIGTERM), ESRCH);
	UT_ERRNO(kill(-999999, SIGTERM), ESRCH);
	UT_ERRNO(kill(getpid(), 65), EINVAL);
	UT_ERRNO(kill(getpid(), -1), EINVAL);
	return UT_DONE;
}

static int alarm_and_pause(void)
{
	struct timespec a, b;
	long long ms;

	hits = 0;
	UT_OK(catch(SIGALRM, on_sig, 0));
	UT_EQ(alarm(5), 0);
	UT_EQ(alarm(1), 5);
	clock_gettime(CLOCK_MONOTONIC, &a);
	UT_ERRNO(pause(), EINTR);
	clock_gettime(CLOCK_MONOTONIC, &b);
	UT_EQ(hits, 1);
	ms = (b.tv_sec - a.tv_sec) * 1000LL + (b.tv_nsec - a.tv_nsec) / 1000000;
	UT_EXPECT(ms >= 900 && ms < 3000, "alarm(1) fired after %lld ms", ms);
	UT_EQ(alarm(0), 0);
	signal(SIGALRM, SIG_DFL);
	return UT_DONE;
}

static int itimer_real(void)
{
	struct itimerval it = { { 0, 0 }, { 0, 200 * 1000 } }, left;
	sigset_t none;

	hits = 0;
	UT_OK(catch(SIGALRM, on_sig, 0));
	UT_OK(setitimer(ITIMER_REAL, &it, NULL));
	UT_OK(getitimer(ITIMER_REAL, &left));
	UT_EXPECT(left.it_value.tv_sec == 0 && left.it_value.tv_usec > 0 &&
		  left.it_value.tv_usec <= 200 * 1000, "left %ld.%06ld",
		  (long)left.it_value.tv_sec, (long)left.it_value.tv_usec);
	sigemptyset(&none);
	while (!hits)
		sigsuspend(&none);
	UT_OK(getitimer(ITIMER_REAL, &left));
	UT_EXPECT(!left.it_value.tv_sec && !left.it_value.tv_usec, "still armed");
	it.it_value.tv_usec = 2000000;	/* not a valid tv_usec */
	UT_ERRNO(setitimer(ITIMER_REAL, &it, NULL), EINVAL);
	signal(SIGALRM, SIG_DFL);
	return UT_DONE;
}

static int sigchld_on_exit(void)
{
	sigset_t set, old;
	pid_t pid;

	hits = 0;
	UT_OK(catch_info(SIGCHLD));
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, &old);
	fflush(NULL);
	pid = fork();
	if (pid == 0)
		_exit(3);
	while (!hits)
		sigsuspend(&old);
	sigprocmask(SIG_SETMASK, &old, NULL);
	UT_EQ(last_info.si_signo, SIGCHLD);
	UT_EQ(last_info.si_code, CLD_EXITED);
	UT_EQ(last_info.si_pid, pid);
	UT_EQ(last_info.si_status, 3);
	UT_EQ(ut_wait(pid), 3 << 8);
	signal(SIGCHLD, SIG_DFL);
	return UT_DONE;
}

static int raise_and_live(long sig)
{
	raise((int)sig);
	return 0;
}

static int default_actions(void)
{
	/* terminate */
	UT_EQ(ut_in_child(raise_and_live, SIGUSR1), SIGUSR1);
	UT_EQ(ut_in_child(raise_and_live, SIGPIPE), SIGPIPE);
	/* ignore */
	UT_EQ(ut_in_child(raise_and_live, SIGCHLD), 0);
	UT_EQ(ut_in_child(raise_and_live, SIGWINCH), 0);
	UT_EQ(ut_in_child(raise_and_live, SIGURG), 0);
	/* SIG_IGN */
	signal(SIGUSR1, SIG_IGN);
	UT_EQ(ut_in_child(raise_and_live, SIGUSR1), 0);
	signal(SIGUSR1, SIG_DFL);
	return UT_DONE;
}

static char *alt_base;
static size_t alt_size;

static void on_overflow(int sig, siginfo_t *si, void *uc)
{
	char here;

	/* a handler on the overflowed stack could not run at all */
	_exit(&here >= alt_base && &here < alt_base + alt_size ? 0 : 2);
}

/* deeper until the stack limit; the bound only hides that from gcc */
static int recurse(long n)
{
	volatile char pad[1024];

	pad[0] = (char)n;
	if (n > (1L << 40))
		return pad[0];
	return recurse(n + 1) + pad[0];
}

static int overflow_child(long unused)
{
	struct rlimit lim = { 1 << 20, 1 << 20 };
	struct sigaction sa;
	stack_t ss;

	setrlimit(RLIMIT_STACK, &lim);
	alt_size = 64 * 1024;
	alt_base = malloc(alt_size);
	ss.ss_sp = alt_base;
	ss.ss_size = alt_size;
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL))
		return 3;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_overflow;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigaction(SIGSEGV, &sa, NULL);
	return recurse(0) ? 4 : 5;
}

static int altstack_overflow_handler(void)
{
	stack_t ss, old;

	UT_EQ(ut_in_child(overflow_child, 0), 0);
	ss.ss_sp = malloc(1024);
	ss.ss_size = 1024;
	ss.ss_flags = 0;
	/* smaller than MINSIGSTKSZ (2048 on x86-64) */
	UT_ERRNO(sigaltstack(&ss, NULL), ENOMEM);
	UT_OK(sigaltstack(NULL, &old));
	UT_EQ(old.ss_flags, SS_DISABLE);
	free(ss.ss_sp);
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(siginfo_from_kill),
	UT_CASE(sa_restart_on_pipe_read),
	UT_CASE(blocked_until_unblocked),
	UT_CASE(kill_targets),
	UT_CASE(alarm_and_pause),
	UT_CASE(itimer_real),
	UT_CASE(sigchld_on_exit),
	UT_CASE(default_actions),
	UT_CASE(altstack_overflow_handler),
};

int main(void)
{
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
