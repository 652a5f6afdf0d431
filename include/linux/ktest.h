/* SPDX-License-Identifier: GPL-2.0 */
/*
 * In-kernel tests, KUnit-like: a suite is a name and a table of cases,
 * placed in the .ktest_suites section.  "ktest=GLOB" on the command line
 * runs the matching suites after boot, prints KTAP version 1 and exits
 * QEMU through isa-debug-exit (status 1 all passed, 3 otherwise).
 *
 *	static void test_foo(struct ktest *t)
 *	{
 *		KTEST_EXPECT_EQ(t, foo(1), 2);
 *	}
 *	static struct ktest_case foo_cases[] = {
 *		KTEST_CASE(test_foo),
 *		{}
 *	};
 *	KTEST_SUITE(foo, foo_cases);
 */
#ifndef _CACHET_LINUX_KTEST_H
#define _CACHET_LINUX_KTEST_H

#include <linux/compiler.h>
#include <linux/types.h>

struct ktest {
	const char *name;
	bool failed;
	bool skipped;
	char skip_reason[96];
};

struct ktest_case {
	void (*run)(struct ktest *t);
	const char *name;
};

struct ktest_suite {
	const char *name;
	struct ktest_case *cases;
	int (*init)(void);	/* optional: before the first case */
	void (*exit)(void);	/* optional: after the last case */
};

#define KTEST_CASE(fn)	{ .run = fn, .name = #fn }

#define KTEST_SUITE(sname, scases)					\
	static const struct ktest_suite __ktest_suite_##sname		\
	__used __section(".ktest_suites") __aligned(8) = {		\
		.name = #sname, .cases = scases,			\
	}

#define KTEST_SUITE_INIT(sname, scases, sinit, sexit)			\
	static const struct ktest_suite __ktest_suite_##sname		\
	__used __section(".ktest_suites") __aligned(8) = {		\
		.name = #sname, .cases = scases,			\
		.init = sinit, .exit = sexit,				\
	}

__printf(4, 5) void ktest_fail(struct ktest *t, const char *file, int line,
			       const char *fmt, ...);
__printf(2, 3) void ktest_skip(struct ktest *t, const char *fmt, ...);
__printf(2, 3) void ktest_printf(struct ktest *t, const char *fmt, ...);

#define KTEST_EXPECT_TRUE(t, c)						\
	do {								\
		if (!(c))						\
			ktest_fail(t, __FILE__, __LINE__,		\
				   "expected %s", #c);			\
	} while (0)

#define KTEST_EXPECT_FALSE(t, c)	KTEST_EXPECT_TRUE(t, !(c))

#define KTEST_EXPECT_EQ(t, a, b)					\
	do {								\
		long long __a = (long long)(a), __b = (long long)(b);	\
		if (__a != __b)						\
			ktest_fail(t, __FILE__, __LINE__,		\
				   "%s == %s: 0x%llx != 0x%llx", #a, #b,	\
				   __a, __b);				\
	} while (0)

#define KTEST_EXPECT_NE(t, a, b)					\
	do {								\
		long long __a = (long long)(a), __b = (long long)(b);	\
		if (__a == __b)						\
			ktest_fail(t, __FILE__, __LINE__,		\
				   "%s != %s: both 0x%llx", #a, #b, __a);	\
	} while (0)

#define KTEST_EXPECT_STREQ(t, a, b)					\
	do {								\
		const char *__a = (a), *__b = (b);			\
		if (strcmp(__a, __b))					\
			ktest_fail(t, __FILE__, __LINE__,		\
				   "%s == %s: \"%s\" != \"%s\"", #a, #b,	\
				   __a, __b);				\
	} while (0)

/* stop the case at the first failure: for preconditions */
#define KTEST_ASSERT_TRUE(t, c)						\
	do {								\
		if (!(c)) {						\
			ktest_fail(t, __FILE__, __LINE__,		\
				   "assertion %s", #c);			\
			return;						\
		}							\
	} while (0)

/*
 * What the kernel logged while a case ran, to check the text of a warning:
 *
 *	unsigned long mark = ktest_log_mark();
 *
 *	iounmap(p);
 *	KTEST_EXPECT_EQ(t, ktest_log_count(mark, "iounmap: bad address"), 1);
 *
 * Lines are matched with their "[    1.234567] " prefix, as the log ring
 * keeps them; a line cut off by the ring wrapping past the mark is lost.
 */
unsigned long ktest_log_mark(void);
unsigned int ktest_log_count(unsigned long mark, const char *text);
bool ktest_log_since(unsigned long mark, const char *text);

/* run the suites matching @glob; returns the number of failed cases */
int ktest_run(const char *glob);
/* run "ktest=GLOB" from the command line and exit QEMU; else return */
void ktest_boot(void);

#endif /* _CACHET_LINUX_KTEST_H */
