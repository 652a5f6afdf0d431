// SPDX-License-Identifier: GPL-2.0
/*
 * hostile_stack - stack overflow: unbounded recursion is killed by
 * SIGSEGV, with no handler, with a handler but no alternate stack (the
 * kernel cannot build the frame and forces SIGSEGV), and under a small
 * RLIMIT_STACK; one huge frame past the limit too.  The parent, and the
 * kernel, live on.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/resource.h>

#include "ut.h"

static volatile sig_atomic_t handled;

static void on_segv(int sig)
{
	handled = 1;
}

/* deeper until the stack limit; the bound only hides that from gcc */
static int recurse(long n)
{
	volatile char pad[512];

	pad[0] = (char)n;
	if (n > (1L << 40))
		return pad[0];
	return recurse(n + 1) + pad[0];
}

static int overflow(long how)
{
	struct rlimit small = { 256 << 10, 256 << 10 };

	if (how == 1)
		signal(SIGSEGV, on_segv);
	if (how == 2)
		setrlimit(RLIMIT_STACK, &small);
	if (how == 3) {
		/* one frame far below the stack, past the guard gap */
		volatile char *big = __builtin_alloca(64 << 20);

		big[0] = 1;
		return 0;
	}
	return recurse(0) ? 1 : 2;
}

static int killed_by_sigsegv(void)
{
	UT_EQ(ut_in_child(overflow, 0), SIGSEGV);
	UT_EQ(ut_in_child(overflow, 1), SIGSEGV);
	UT_EQ(handled, 0);
	UT_EQ(ut_in_child(overflow, 2), SIGSEGV);
	UT_EQ(ut_in_child(overflow, 3), SIGSEGV);
	/* and this process goes on */
	UT_EXPECT(getpid() > 0, "getpid");
	return UT_DONE;
}

static const struct ut_case cases[] = {
	UT_CASE(killed_by_sigsegv),
};

int main(void)
{
	return ut_main(cases, UT_ARRAY_SIZE(cases));
}
