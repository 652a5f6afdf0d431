// SPDX-License-Identifier: GPL-2.0
/*
 * rseq - restartable sequences as Linux 6.1 has them: the registration
 * rules and errors, the CPU number the kernel keeps in the area (after
 * each sched_setaffinity() to one CPU, across fork, gone at exec), and
 * the abort of a critical section interrupted by a signal or by another
 * process taking the CPU; SIGSEGV for an area or descriptor that is bad
 * when the kernel uses it.
 *
 * Built twice: with musl, which does not register, the program registers
 * its own area; with glibc (rseq-glibc), glibc registered one at start
 * and the program finds it at the thread pointer + __rseq_offset, and
 * checks that sched_getcpu(), which reads it, follows migrations.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/time.h>

#include "ut.h"

#ifndef SYS_rseq
#define SYS_rseq		334
#endif
#define RSEQ_SIG		0x53053053	/* x86's, as glibc registers */
#define RSEQ_FLAG_UNREGISTER	1
#define RSEQ_LEN		32		/* Linux 6.1's only length */
#define CPU_ID_UNINITIALIZED	0xffffffffu

/* Linux's struct rseq and struct rseq_cs, under names of our own */
struct ut_rseq {
	uint32_t cpu_id_start;
	uint32_t cpu_id;
	uint64_t rseq_cs;
	uint32_t flags;
} __attribute__((aligned(32)));

struct ut_rseq_cs {
	uint32_t version;
	uint32_t flags;
	uint64_t start_ip;
	uint64_t post_commit_offset;
	uint64_t abort_ip;
} __attribute__((aligned(32)));

#ifdef __GLIBC__
extern const ptrdiff_t __rseq_offset;
extern const unsigned int __rseq_size;
#endif

#ifndef __GLIBC__
static struct ut_rseq own_area;		/* musl: the one we register */
#endif
static struct ut_rseq spare_area;	/* for a second registration */
static volatile struct ut_rseq *area;	/* the one registered now */
static const char *self;

static long sys_rseq(const volatile void *p, uint32_t len, int flags,
		     uint32_t sig)
{
	return syscall(SYS_rseq, p, len, flags, sig);
}

static int getcpu_syscall(void)
{
	unsigned int cpu = ~0u;

	if (syscall(SYS_getcpu, &cpu, NULL, NULL))
		return -1;
	return (int)cpu;
}

/* the area registered for this thread: glibc's, or ours (0 on success) */
static int find_area(void)
{
#ifdef __GLIBC__
	char *tp;

	/* 0: glibc's registration failed (20 or 32: the size it uses) */
	if (!__rseq_size)
		return -1;
	__asm__("mov %%fs:0, %0" : "=r"(tp));
	area = (volatile struct ut_rseq *)(tp + __rseq_offset);
	return 0;
#else
	area = &own_area;
	own_area.cpu_id = CPU_ID_UNINITIALIZED;
	return sys_rseq(&own_area, RSEQ_LEN, 0, RSEQ_SIG) ? -1 : 0;
#endif
}

static int cpus_allowed(cpu_set_t *set)
{
	CPU_ZERO(set);
	return sched_getaffinity(0, sizeof(*set), set);
}

static int pin_to(int cpu)
{
	cpu_set_t one;

	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	return sched_setaffinity(0, sizeof(one), &one);
}

/*
 * One pass through a critical section that counts @n down to 0: 0 when
 * it committed, 1 when the kernel moved it to its abort handler.  The
 * four bytes before the handler are the signature.
 */
static int cs_count_down(unsigned long n)
{
	int aborted = 0;

	__asm__ __volatile__(
		".pushsection .data, \"aw\"\n\t"
		".balign 32\n"
		"3:\n\t"
		".long 0, 0\n\t"
		".quad 1f, 2f - 1f, 4f\n\t"
		".popsection\n\t"
		"leaq 3b(%%rip), %%rax\n\t"
		"movq %%rax, %[cs]\n"
		"1:\n\t"
		"decq %[n]\n\t"
		"jnz 1b\n"
		"2:\n\t"
		"jmp 5f\n\t"
		".long 0x53053053\n"
		"4:\n\t"
		"movl $1, %[ab]\n"
		"5:\n"
		: [n] "+r"(n), [ab] "+m"(aborted), [cs] "=m"(area->rseq_cs)
		:
		: "rax", "memory", "cc");
	return aborted;
}

static volatile sig_atomic_t got_signal;

/* a critical section that waits for got_signal: 1 when aborted */
static int cs_wait_signal(void)
{
	int aborted = 0;

	__asm__ __volatile__(
		".pushsection .data, \"aw\"\n\t"
		".balign 32\n"
		"3:\n\t"
		".long 0, 0\n\t"
		".quad 1f, 2f - 1f, 4f\n\t"
		".popsection\n\t"
		"leaq 3b(%%rip), %%rax\n\t"
		"movq %%rax, %[cs]\n"
		"1:\n\t"
		"cmpl $0, %[flag]\n\t"
		"je 1b\n"
		"2:\n\t"
		"jmp 5f\n\t"
		".long 0x53053053\n"
		"4:\n\t"
		"movl $1, %[ab]\n"
		"5:\n"
		: [ab] "+m"(aborted), [cs] "=m"(area->rseq_cs)
		: [flag] "m"(got_signal)
		: "rax", "memory", "cc");
	return aborted;
}

static void on_signal(int sig)
{
	got_signal = 1;
}

static int registered_at_start(void)
{
	int n = sysconf(_SC_NPROCESSORS_ONLN);

	UT_EXPECT(area, "no rseq area registered at start");
	if (!area)
		return UT_DONE;
	UT_EXPECT(area->cpu_id < (uint32_t)n, "cpu_id %u of %d CPUs",
		  area->cpu_id, n);
	UT_EXPECT(area->cpu_id_start < (uint32_t)n, "cpu_id_start %u",
		  area->cpu_id_start);
	return UT_DONE;
}

static int register_twice(void)
{
	if (!area)
		UT_SKIP("no area");
	UT_ERRNO(sys_rseq(area, RSEQ_LEN, 0, RSEQ_SIG), EBUSY);
	UT_ERRNO(sys_rseq(&spare_area, RSEQ_LEN, 0, RSEQ_SIG), EINVAL);
	UT_ERRNO(sys_rseq(area, 64, 0, RSEQ_SIG), EINVAL);
	UT_ERRNO(sys_rseq(area, RSEQ_LEN, 0, RSEQ_SIG + 1), EPERM);
	UT_ERRNO(sys_rseq(area, RSEQ_LEN, 2, RSEQ_SIG), EINVAL);
	/* unregistering something else, or with the wrong signature */
	UT_ERRNO(sys_rseq(area, RSEQ_LEN, RSEQ_FLAG_UNREGISTER, RSEQ_SIG + 1),
		 EPERM);
	UT_ERRNO(sys_rseq(&spare_area, RSEQ_LEN, RSEQ_FLAG_UNREGISTER,
			  RSEQ_SIG), EINVAL);
	UT_ERRNO(sys_rseq(area, 64, RSEQ_FLAG_UNREGISTER, RSEQ_SIG), EINVAL);
	UT_ERRNO(sys_rseq(area, RSEQ_LEN, RSEQ_FLAG_UNREGISTER | 2, RSEQ_SIG),
		 EINVAL);
	/* none of that changed the registration */
	UT_ERRNO(sys_rseq(area, RSEQ_LEN, 0, RSEQ_SIG), EBUSY);
	return UT_DONE;
}

/* in a child: unregister, then the rules for a new area */
static int fresh_child(long unused)
{
	static char buf[128] __attribute__((aligned(64)));
	int cpu, bad = 0;

	/* the CPU numbers checked below cannot change under us */
	if (pin_to(0))
		return 9;
	if (sys_rseq(area, RSEQ_LEN, RSEQ_FLAG_UNREGISTER, RSEQ_SIG))
		return 10;
	if (area->cpu_id != CPU_ID_UNINITIALIZED || area->cpu_id_start != 0)
		return 11;
	if (sys_rseq(area, RSEQ_LEN, RSEQ_FLAG_UNREGISTER, RSEQ_SIG) != -1 ||
	    errno != EINVAL)
		return 12;
	/* 32-byte alignment, exactly 32 bytes, no flags, a user address */
	bad |= sys_rseq(buf + 16, RSEQ_LEN, 0, RSEQ_SIG) != -1 ||
	       errno != EINVAL;
	bad |= sys_rseq(buf, 31, 0, RSEQ_SIG) != -1 || errno != EINVAL;
	bad |= sys_rseq(buf, 64, 0, RSEQ_SIG) != -1 || errno != EINVAL;
	bad |= sys_rseq(buf, RSEQ_LEN, 4, RSEQ_SIG) != -1 || errno != EINVAL;
	bad |= sys_rseq((void *)0xffff888000000000UL, RSEQ_LEN, 0,
			RSEQ_SIG) != -1 || errno != EFAULT;
	if (bad)
		return 13;
	spare_area.cpu_id = CPU_ID_UNINITIALIZED;
	if (sys_rseq(&spare_area, RSEQ_LEN, 0, RSEQ_SIG))
		return 14;
	/* written before the call returned */
	cpu = getcpu_syscall();
	if (spare_area.cpu_id != (uint32_t)cpu ||
	    spare_area.cpu_id_start != (uint32_t)cpu)
		return 15;
	if (sys_rseq(&spare_area, RSEQ_LEN, RSEQ_FLAG_UNREGISTER, RSEQ_SIG))
		return 16;
	return 0;
}

static int register_fresh(void)
{
	if (!area)
		UT_SKIP("no area");
	UT_EQ(ut_in_child(fresh_child, 0), 0);
	return UT_DONE;
}

/*
 * An area that goes away while registered: the next time the kernel
 * writes it (here at a signal's delivery) the task gets SIGSEGV.  Before
 * that, registering an unmapped area is -EFAULT at once, and a stale
 * rseq_cs in a new area is cleared (Linux 6.1's stable updates).
 */
static int lost_area_child(long unused)
{
	struct sigaction sa = { .sa_handler = on_signal };
	volatile struct ut_rseq *p;
	void *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (page == MAP_FAILED || sigaction(SIGUSR1, &sa, NULL))
		return 20;
	if (sys_rseq(area, RSEQ_LEN, RSEQ_FLAG_UNREGISTER, RSEQ_SIG))
		return 21;
	p = page;
	p->rseq_cs = 0x1000;	/* stale: would fault if it were used */
	if (sys_rseq(page, RSEQ_LEN, 0, RSEQ_SIG))
		return 22;
	if (p->rseq_cs != 0)
		return 23;
	if (sys_rseq(page, RSEQ_LEN, RSEQ_FLAG_UNREGISTER, RSEQ_SIG) ||
	    munmap(page, 4096))
		return 24;
	if (sys_rseq(page, RSEQ_LEN, 0, RSEQ_SIG) != -1 || errno != EFAULT)
		return 25;
	page = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED || sys_rseq(page, RSEQ_LEN, 0, RSEQ_SIG) ||
	    munmap(page, 4096))
		return 26;
	kill(getpid(), SIGUSR1);
	return 27;	/* not reached: the delivery faulted */
}

static int lost_area_segv(void)
{
	int status;

	if (!area)
		UT_SKIP("no area");
	status = ut_in_child(lost_area_child, 0);
	UT_EXPECT(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV,
		  "status %#x, want SIGSEGV", status);
	return UT_DONE;
}

static struct ut_rseq_cs bad_cs[3];

/* an abort handler whose signature is not RSEQ_SIG */
extern char ut_bad_sig_abort[];
__asm__(".text\n\t"
	".long 0x12345678\n"
	"ut_bad_sig_abort:\n\t"
	"ret\n");

/*
 * A descriptor that is wrong when the kernel reads it at a signal's
 * delivery: @which 0 a bad signature before abort_ip, 1 version 1, 2 an
 * unmapped address.
 */
static int bad_cs_child(long which)
{
	struct sigaction sa = { .sa_handler = on_signal };

	bad_cs[0].abort_ip = (uintptr_t)ut_bad_sig_abort;
	bad_cs[1].version = 1;
	bad_cs[1].abort_ip = (uintptr_t)ut_bad_sig_abort;
	if (sigaction(SIGUSR1, &sa, NULL))
		return 30;
	area->rseq_cs = which < 2 ? (uintptr_t)&bad_cs[which] : 0x1000;
	kill(getpid(), SIGUSR1);
	return 31;	/* not reached */
}

static int bad_cs_segv(void)
{
	long which;
	int status;

	if (!area)
		UT_SKIP("no area");
	for (which = 0; which < 3; which++) {
		status = ut_in_child(bad_cs_child, which);
		UT_EXPECT(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV,
			  "descriptor %ld: status %#x, want SIGSEGV", which,
			  status);
	}
	return UT_DONE;
}

static int cpu_id_follows_affinity(void)
{
	cpu_set_t saved;
	int cpu, seen = 0;

	if (!area)
		UT_SKIP("no area");
	UT_OK(cpus_allowed(&saved));
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &saved))
			continue;
		seen++;
		UT_OK(pin_to(cpu));
		UT_EQ(getcpu_syscall(), cpu);
		UT_EQ(area->cpu_id, cpu);
		UT_EQ(area->cpu_id_start, cpu);
#ifdef __GLIBC__
		UT_EQ(sched_getcpu(), cpu);	/* glibc reads the area */
#endif
	}
	UT_EXPECT(seen > 0, "no CPU allowed");
	UT_OK(sched_setaffinity(0, sizeof(saved), &saved));
	return UT_DONE;
}

static int fork_keeps_registration(void)
{
	static volatile long vfork_rc;
	pid_t pid;
	int status;

	if (!area)
		UT_SKIP("no area");
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		if (sys_rseq(area, RSEQ_LEN, 0, RSEQ_SIG) != -1 ||
		    errno != EBUSY)
			_exit(1);
		_exit(area->cpu_id == (uint32_t)getcpu_syscall() ? 0 : 2);
	}
	status = ut_wait(pid);
	UT_EXPECT(status == 0, "fork child status %#x", status);
	/* a vfork child shares the memory and starts unregistered */
	vfork_rc = 0;
	pid = vfork();
	if (pid == 0) {
		vfork_rc = sys_rseq(area, RSEQ_LEN, RSEQ_FLAG_UNREGISTER,
				    RSEQ_SIG) == -1 && errno == EINVAL ? 1 : 2;
		_exit(0);
	}
	UT_EQ(ut_wait(pid), 0);
	UT_EQ(vfork_rc, 1);
	/* and the parent's registration is intact */
	UT_ERRNO(sys_rseq(area, RSEQ_LEN, 0, RSEQ_SIG), EBUSY);
	return UT_DONE;
}

/* the program exec'd with --exec: its own start registers afresh */
static int exec_check(void)
{
	/* musl: the same static address as before exec, so not EBUSY */
	if (find_area())
		return 1;
	return area->cpu_id == CPU_ID_UNINITIALIZED ? 2 : 0;
}

static int exec_clears_registration(void)
{
	char *argv[] = { (char *)self, "--exec", NULL };
	pid_t pid;

	if (!area)
		UT_SKIP("no area");
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		execv(self, argv);
		_exit(127);
	}
	UT_EQ(ut_wait(pid), 0);
	return UT_DONE;
}

static int abort_on_signal(void)
{
	struct sigaction sa = { .sa_handler = on_signal, .sa_flags = SA_RESTART };
	struct itimerval it = { .it_value = { 0, 20000 } };
	int aborted;

	if (!area)
		UT_SKIP("no area");
	UT_OK(sigaction(SIGALRM, &sa, NULL));
	got_signal = 0;
	UT_OK(setitimer(ITIMER_REAL, &it, NULL));
	/* a preemption may abort it first: then wait in it again */
	do
		aborted = cs_wait_signal();
	while (!got_signal);
	UT_EQ(aborted, 1);
	/* the kernel forgot the section when it aborted it */
	UT_EQ(area->rseq_cs, 0);
	signal(SIGALRM, SIG_DFL);
	return UT_DONE;
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

/* another process on our one CPU: preempted sections abort */
static int abort_on_preemption(void)
{
	long long end;
	cpu_set_t saved;
	int aborts = 0, commits = 0, cpu;
	pid_t rival;

	if (!area)
		UT_SKIP("no area");
	UT_OK(cpus_allowed(&saved));
	UT_OK(pin_to(0));
	fflush(NULL);
	rival = fork();
	if (rival == 0) {
		/* a child's mask is set here: on both kernels alike */
		if (pin_to(0))
			_exit(1);
		for (;;)
			;
	}
	UT_EXPECT(rival > 0, "fork: %s", strerror(errno));
	end = now_ms() + 10000;
	while (rival > 0 && aborts < 3 && now_ms() < end) {
		if (cs_count_down(2000000))
			aborts++;
		else
			commits++;
	}
	cpu = getcpu_syscall();
	if (rival > 0) {
		kill(rival, SIGKILL);
		ut_wait(rival);
	}
	ksft_print_msg("%d aborts, %d commits\n", aborts, commits);
	UT_EXPECT(aborts > 0, "no abort in 10 s with a rival on CPU 0");
	UT_EQ(cpu, 0);
	UT_EQ(area->cpu_id, 0);
	UT_OK(sched_setaffinity(0, sizeof(saved), &saved));
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(registered_at_start),
	UT_CASE(register_twice),
	UT_CASE(register_fresh),
	UT_CASE(lost_area_segv),
	UT_CASE(bad_cs_segv),
	UT_CASE(cpu_id_follows_affinity),
	UT_CASE(fork_keeps_registration),
	UT_CASE(exec_clears_registration),
	UT_CASE(abort_on_signal),
	UT_CASE(abort_on_preemption),
};

int main(int argc, char **argv)
{
	self = argv[0];
	if (argc > 1 && !strcmp(argv[1], "--exec"))
		return exec_check();
	if (find_area())
		area = NULL;
	if (self[0] != '/')
		ksft_exit_fail_msg("run me by absolute path, not %s\n", self);
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
