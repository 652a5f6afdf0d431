/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ut.h - table-driven cases on top of kselftest.h for the user-space
 * selftests (Documentation/dev-tools/user-selftests.rst).
 *
 * A program is a table of cases.  Each case returns UT_DONE; a failed
 * UT_* check prints "# case:line: what" and marks the case failed but
 * lets it go on, so one run shows every broken check.  UT_SKIP() returns
 * the case as skipped with a reason.  ut_main() prints the plan, one
 * "ok N name" line per case, the totals, and exits with kselftest's code.
 *
 * Children that a case forks must leave by _exit(), never exit(): the
 * parent's stdio buffers are the parent's to flush.
 */
#ifndef UT_H
#define UT_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "../kselftest.h"

struct ut_case {
	const char *name;
	int (*fn)(void);
};

#define UT_CASE(fn) { #fn, fn }
#define UT_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static int ut_failed;
static char ut_skip_reason[160];

#define UT_DONE 0

#define UT_EXPECT(cond, fmt, ...)					\
	do {								\
		if (!(cond)) {						\
			ksft_print_msg("%s:%d: " fmt "\n", __func__,	\
				       __LINE__, ##__VA_ARGS__);	\
			ut_failed = 1;					\
		}							\
	} while (0)

/* two integers, printed on failure */
#define UT_EQ(a, b)							\
	do {								\
		long long __a = (long long)(a), __b = (long long)(b);	\
		UT_EXPECT(__a == __b, "%s == %s: %lld != %lld", #a, #b,	\
			  __a, __b);					\
	} while (0)

/* a call that must succeed (return >= 0) */
#define UT_OK(expr)							\
	do {								\
		long __r = (long)(expr);				\
		UT_EXPECT(__r >= 0, "%s: returned %ld (%s)", #expr,	\
			  __r, strerror(errno));			\
	} while (0)

/* a call that must fail with -1 and errno @err */
#define UT_ERRNO(expr, err)						\
	do {								\
		long __r;						\
		errno = 0;						\
		__r = (long)(expr);					\
		UT_EXPECT(__r == -1 && errno == (err),			\
			  "%s: want -1 %s, got %ld %s", #expr,		\
			  strerror(err), __r, strerror(errno));		\
	} while (0)

#define UT_SKIP(fmt, ...)						\
	do {								\
		snprintf(ut_skip_reason, sizeof(ut_skip_reason), fmt,	\
			 ##__VA_ARGS__);				\
		return KSFT_SKIP;					\
	} while (0)

/* KEY=N on the kernel command line (a loop count), else @def */
static inline long ut_cmdline_long(const char *key, long def)
{
	char buf[4096], *p;
	size_t n = strlen(key);
	FILE *f = fopen("/proc/cmdline", "r");
	long v = def;

	if (!f)
		return def;
	if (fgets(buf, sizeof(buf), f))
		for (p = strtok(buf, " \n"); p; p = strtok(NULL, " \n"))
			if (!strncmp(p, key, n) && p[n] == '=')
				v = strtol(p + n + 1, NULL, 10);
	fclose(f);
	return v;
}

/* wait for @pid; the raw wait status, or -1 after a failed check */
static inline int ut_wait(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, 0) != pid) {
		ksft_print_msg("waitpid(%d): %s\n", (int)pid, strerror(errno));
		ut_failed = 1;
		return -1;
	}
	return status;
}

/* fork, run @fn(@arg) in the child and _exit() with what it returns */
static inline int ut_in_child(int (*fn)(long), long arg)
{
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid == 0)
		_exit(fn(arg));
	if (pid < 0) {
		ksft_print_msg("fork: %s\n", strerror(errno));
		ut_failed = 1;
		return -1;
	}
	return ut_wait(pid);
}

static inline int ut_main(const struct ut_case *cases, unsigned int n)
{
	unsigned int i;

	ksft_print_header();
	ksft_set_plan(n);
	for (i = 0; i < n; i++) {
		int rc;

		ut_failed = 0;
		ut_skip_reason[0] = '\0';
		rc = cases[i].fn();
		if (rc == KSFT_SKIP && !ut_failed)
			ksft_test_result_code(KSFT_SKIP, cases[i].name, "%s",
					      ut_skip_reason);
		else
			ksft_test_result_code(ut_failed || rc ? KSFT_FAIL :
					      KSFT_PASS, cases[i].name, NULL);
	}
	return ksft_finished();
}

#endif /* UT_H */
