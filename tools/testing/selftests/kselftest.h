/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kselftest.h - the result API of Linux's kselftests, for cachet's
 * user-space test programs.
 *
 * A test program prints KTAP on stdout ("TAP version 13", a "1..N" plan,
 * one "ok N ..." or "not ok N ..." line per case, "# ..." diagnostics and a
 * "# Totals: ..." line) and exits with kselftest's codes, so the same
 * binary can be judged on cachet and on Linux by the same parser.  The
 * names, output and exit codes are Linux's (tools/testing/selftests/
 * kselftest.h in Linux 6.1; ksft_test_result_code() and ksft_finished() as
 * later Linux has them).  Only ISO C and POSIX are used, so the header
 * builds with musl-gcc and glibc, static or not.
 *
 * Counters are file-static: include this header from one translation unit
 * of each program.
 */
#ifndef __KSELFTEST_H
#define __KSELFTEST_H

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* exit codes, as Linux's kselftest runner reads them */
#define KSFT_PASS	0
#define KSFT_FAIL	1
#define KSFT_XFAIL	2
#define KSFT_XPASS	3
#define KSFT_SKIP	4

struct ksft_count {
	unsigned int ksft_pass;
	unsigned int ksft_fail;
	unsigned int ksft_xfail;
	unsigned int ksft_xpass;
	unsigned int ksft_xskip;
	unsigned int ksft_error;
};

static struct ksft_count ksft_cnt;
static unsigned int ksft_plan;

static inline unsigned int ksft_test_num(void)
{
	return ksft_cnt.ksft_pass + ksft_cnt.ksft_fail + ksft_cnt.ksft_xfail +
	       ksft_cnt.ksft_xpass + ksft_cnt.ksft_xskip + ksft_cnt.ksft_error;
}

static inline void ksft_inc_pass_cnt(void) { ksft_cnt.ksft_pass++; }
static inline void ksft_inc_fail_cnt(void) { ksft_cnt.ksft_fail++; }
static inline void ksft_inc_xfail_cnt(void) { ksft_cnt.ksft_xfail++; }
static inline void ksft_inc_xpass_cnt(void) { ksft_cnt.ksft_xpass++; }
static inline void ksft_inc_xskip_cnt(void) { ksft_cnt.ksft_xskip++; }
static inline void ksft_inc_error_cnt(void) { ksft_cnt.ksft_error++; }

static inline unsigned int ksft_get_pass_cnt(void) { return ksft_cnt.ksft_pass; }
static inline unsigned int ksft_get_fail_cnt(void) { return ksft_cnt.ksft_fail; }
static inline unsigned int ksft_get_xskip_cnt(void) { return ksft_cnt.ksft_xskip; }

/* Linux's runner sets KSFT_TAP_LEVEL when it prints the header itself */
static inline void ksft_print_header(void)
{
	if (!getenv("KSFT_TAP_LEVEL"))
		printf("TAP version 13\n");
	fflush(stdout);
}

static inline void ksft_set_plan(unsigned int plan)
{
	ksft_plan = plan;
	printf("1..%u\n", plan);
	fflush(stdout);
}

static inline void ksft_print_cnts(void)
{
	if (ksft_plan != ksft_test_num())
		printf("# Planned tests != run tests (%u != %u)\n",
		       ksft_plan, ksft_test_num());
	printf("# Totals: pass:%u fail:%u xfail:%u xpass:%u skip:%u error:%u\n",
	       ksft_cnt.ksft_pass, ksft_cnt.ksft_fail, ksft_cnt.ksft_xfail,
	       ksft_cnt.ksft_xpass, ksft_cnt.ksft_xskip, ksft_cnt.ksft_error);
	fflush(stdout);
}

/*
 * Each printer keeps errno as the caller had it, so that a format using
 * %m (glibc and musl both have it) names the caller's error.
 */
#define __ksft_vprint(prefix_fmt, prefix_arg, msg)			\
	do {								\
		int __saved = errno;					\
		va_list __ap;						\
		printf(prefix_fmt, prefix_arg);				\
		va_start(__ap, msg);					\
		errno = __saved;					\
		vprintf(msg, __ap);					\
		va_end(__ap);						\
		fflush(stdout);						\
		errno = __saved;					\
	} while (0)

static inline void ksft_print_msg(const char *msg, ...)
{
	__ksft_vprint("%s", "# ", msg);
}

static inline void ksft_test_result_pass(const char *msg, ...)
{
	ksft_cnt.ksft_pass++;
	__ksft_vprint("ok %u ", ksft_test_num(), msg);
}

static inline void ksft_test_result_fail(const char *msg, ...)
{
	ksft_cnt.ksft_fail++;
	__ksft_vprint("not ok %u ", ksft_test_num(), msg);
}

static inline void ksft_test_result_xfail(const char *msg, ...)
{
	ksft_cnt.ksft_xfail++;
	__ksft_vprint("ok %u # XFAIL ", ksft_test_num(), msg);
}

static inline void ksft_test_result_skip(const char *msg, ...)
{
	ksft_cnt.ksft_xskip++;
	__ksft_vprint("ok %u # SKIP ", ksft_test_num(), msg);
}

static inline void ksft_test_result_error(const char *msg, ...)
{
	ksft_cnt.ksft_error++;
	__ksft_vprint("not ok %u # error ", ksft_test_num(), msg);
}

#define ksft_test_result(cond, fmt, ...)			\
	do {							\
		if (cond)					\
			ksft_test_result_pass(fmt, ##__VA_ARGS__); \
		else						\
			ksft_test_result_fail(fmt, ##__VA_ARGS__); \
	} while (0)

/**
 * ksft_test_result_code() - report one named case by its KSFT_* code
 * @exit_code: KSFT_PASS, KSFT_FAIL, KSFT_XFAIL or KSFT_SKIP
 * @test_name: the case's name, printed after its number
 * @msg: printf format of the reason, printed after "# SKIP" or "# XFAIL";
 *	for a pass or a failure, printed as a "# " line before the result;
 *	may be empty
 *
 * Prints "ok N name", "not ok N name" or "ok N name # SKIP reason".
 */
static inline void ksft_test_result_code(int exit_code, const char *test_name,
					 const char *msg, ...)
{
	const char *tap = "ok", *directive = "";
	int saved = errno;
	va_list ap;

	switch (exit_code) {
	case KSFT_PASS:
		ksft_cnt.ksft_pass++;
		break;
	case KSFT_XFAIL:
		ksft_cnt.ksft_xfail++;
		directive = " # XFAIL ";
		break;
	case KSFT_SKIP:
		ksft_cnt.ksft_xskip++;
		directive = " # SKIP ";
		break;
	case KSFT_FAIL:
		ksft_cnt.ksft_fail++;
		tap = "not ok";
		break;
	default:
		ksft_cnt.ksft_error++;
		tap = "not ok";
		directive = " # error ";
		break;
	}
	va_start(ap, msg);
	errno = saved;
	if (*directive) {
		printf("%s %u %s%s", tap, ksft_test_num(), test_name, directive);
		vprintf(msg ? msg : "", ap);
	} else {
		if (msg && *msg) {
			printf("# ");
			vprintf(msg, ap);
			printf("\n");
		}
		printf("%s %u %s", tap, ksft_test_num(), test_name);
	}
	va_end(ap);
	printf("\n");
	fflush(stdout);
	errno = saved;
}

static inline int ksft_exit_pass(void)
{
	ksft_print_cnts();
	exit(KSFT_PASS);
}

static inline int ksft_exit_fail(void)
{
	ksft_print_cnts();
	exit(KSFT_FAIL);
}

/* "Bail out!" ends the whole run: the runner counts what is missing */
static inline int ksft_exit_fail_msg(const char *msg, ...)
{
	__ksft_vprint("%s", "Bail out! ", msg);
	ksft_print_cnts();
	exit(KSFT_FAIL);
}

/*
 * Skipping the whole program: before any plan or result that is a "1..0"
 * plan with the reason; after some results, one more skipped case.
 */
static inline int ksft_exit_skip(const char *msg, ...)
{
	if (ksft_plan || ksft_test_num()) {
		ksft_cnt.ksft_xskip++;
		__ksft_vprint("ok %u # SKIP ", ksft_test_num(), msg);
		ksft_print_cnts();
	} else {
		__ksft_vprint("%s", "1..0 # SKIP ", msg);
	}
	exit(KSFT_SKIP);
}

/*
 * Passes when every planned case ran and passed or was skipped; a program
 * whose cases were all skipped exits with KSFT_SKIP.
 */
static inline int ksft_finished(void)
{
	if (ksft_plan && ksft_cnt.ksft_xskip == ksft_plan &&
	    ksft_test_num() == ksft_plan) {
		ksft_print_cnts();
		exit(KSFT_SKIP);
	}
	if (ksft_plan == ksft_cnt.ksft_pass + ksft_cnt.ksft_xfail +
			 ksft_cnt.ksft_xskip)
		ksft_exit_pass();
	ksft_exit_fail();
	return KSFT_FAIL;
}

#endif /* __KSELFTEST_H */
