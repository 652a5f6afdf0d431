/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A tiny unit-test framework for host builds of cachet's pure kernel files.
 *
 *	UNIT_TEST(suite, name)
 *	{
 *		EXPECT_EQ(kstrtoint("12", 10, &v), 0);
 *		ASSERT_TRUE(p != NULL);
 *		EXPECT_STREQ(buf, "0x1f");
 *	}
 *
 * Cases register themselves through a constructor and run in the order
 * they were defined, each in a child process, so a sanitizer report or a
 * crash fails that case only.  EXPECT_* records a failure and goes on;
 * ASSERT_* records it and ends the case.  A failure prints the file, the
 * line, both expressions and both values as "# " comment lines before the
 * case's "ok N - suite.name" / "not ok N - suite.name" line.
 *
 * This header includes no libc string or stdio header on purpose: test
 * files are compiled with -Dmemcpy=kmemcpy-style renames of the kernel's
 * libc-named functions, and the framework must not call the code it tests.
 * All comparisons of strings and memory happen in unit.c, which is built
 * without those renames.
 */
#ifndef _UNIT_H
#define _UNIT_H

#include <stdbool.h>
#include <stddef.h>

struct unit_case {
	const char *suite;
	const char *name;
	void (*fn)(void);
	struct unit_case *next;
};

void unit_register(struct unit_case *c);

/* the failure reporters: print, mark the case failed, and for @fatal end it */
void unit_fail_int(const char *file, int line, const char *op,
		   const char *ea, const char *eb, unsigned long long a,
		   bool a_signed, unsigned long long b, bool b_signed,
		   bool fatal);
void unit_fail_bool(const char *file, int line, const char *expr,
		    bool expected, bool fatal);
bool unit_check_str(const char *file, int line, const char *ea,
		    const char *eb, const char *a, const char *b, bool fatal);
bool unit_check_mem(const char *file, int line, const char *ea,
		    const char *eb, const void *a, const void *b, size_t n,
		    bool fatal);
/* a free-form failure: printf-style message */
void unit_fail_msg(const char *file, int line, bool fatal, const char *fmt,
		   ...) __attribute__((__format__(printf, 4, 5)));
/* end the case as skipped ("ok N - suite.name # SKIP reason") */
void unit_skip(const char *reason) __attribute__((__noreturn__));
/* true when UNIT_KNOWN_BUGS is set: run the cases that show open bugs */
bool unit_known_bugs(void);
/* a "# " comment line in the output */
void unit_note(const char *fmt, ...) __attribute__((__format__(printf, 1, 2)));

/* the seed of randomized tests: UNIT_SEED from the environment, or fixed */
unsigned long long unit_seed(void);
/* a small deterministic generator (xorshift64*) for randomized tests */
unsigned long long unit_rand(unsigned long long *state);

#define UNIT_TEST(suite, name)						\
	static void unit_fn_##suite##_##name(void);			\
	static struct unit_case unit_case_##suite##_##name = {		\
		#suite, #name, unit_fn_##suite##_##name, NULL		\
	};								\
	__attribute__((__constructor__))				\
	static void unit_reg_##suite##_##name(void)			\
	{								\
		unit_register(&unit_case_##suite##_##name);		\
	}								\
	static void unit_fn_##suite##_##name(void)

#define UNIT_SIGNED(x) _Generic((x),					\
	signed char: true, short: true, int: true, long: true,		\
	long long: true, char: ((char)-1 < 0), default: false)

/*
 * Both sides are widened to 64 bits (signed ones sign-extended) and
 * compared as bit patterns, so int and size_t mix without warnings and
 * -1 never equals 0xffffffffU.
 */
#define UNIT_CMP(op, a, b, fatal)					\
	do {								\
		unsigned long long unit_a_ = (unsigned long long)(a);	\
		unsigned long long unit_b_ = (unsigned long long)(b);	\
		if (!(unit_a_ op unit_b_))				\
			unit_fail_int(__FILE__, __LINE__, #op, #a, #b,	\
				      unit_a_, UNIT_SIGNED(a), unit_b_,	\
				      UNIT_SIGNED(b), fatal);		\
	} while (0)

#define UNIT_BOOL(c, want, fatal)					\
	do {								\
		if (!(c) != !(want))					\
			unit_fail_bool(__FILE__, __LINE__, #c, want, fatal); \
	} while (0)

#define EXPECT_EQ(a, b)		UNIT_CMP(==, a, b, false)
#define EXPECT_NE(a, b)		UNIT_CMP(!=, a, b, false)
#define EXPECT_TRUE(c)		UNIT_BOOL(c, true, false)
#define EXPECT_FALSE(c)		UNIT_BOOL(c, false, false)
#define EXPECT_NULL(p)		UNIT_CMP(==, (const void *)(p), NULL, false)
#define EXPECT_STREQ(a, b)						\
	unit_check_str(__FILE__, __LINE__, #a, #b, a, b, false)
#define EXPECT_MEMEQ(a, b, n)						\
	unit_check_mem(__FILE__, __LINE__, #a, #b, a, b, n, false)
#define EXPECT_FAIL(...)						\
	unit_fail_msg(__FILE__, __LINE__, false, __VA_ARGS__)

#define ASSERT_EQ(a, b)		UNIT_CMP(==, a, b, true)
#define ASSERT_NE(a, b)		UNIT_CMP(!=, a, b, true)
#define ASSERT_TRUE(c)		UNIT_BOOL(c, true, true)
#define ASSERT_FALSE(c)		UNIT_BOOL(c, false, true)
#define ASSERT_NOT_NULL(p)	UNIT_CMP(!=, (const void *)(p), NULL, true)
#define ASSERT_STREQ(a, b)						\
	unit_check_str(__FILE__, __LINE__, #a, #b, a, b, true)
#define ASSERT_MEMEQ(a, b, n)						\
	unit_check_mem(__FILE__, __LINE__, #a, #b, a, b, n, true)
#define ASSERT_FAIL(...)						\
	unit_fail_msg(__FILE__, __LINE__, true, __VA_ARGS__)

#endif /* _UNIT_H */
