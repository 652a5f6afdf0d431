// SPDX-License-Identifier: GPL-2.0
/*
 * Tests of the test framework itself.  A case that must fail cannot sit in
 * the default run, so the failing cases live in private suites that are
 * run through ktest_run_suite() with their KTAP output captured; the
 * public cases then check what the runner counted and printed.
 */
#include <linux/ktest.h>
#include <linux/printk.h>
#include <linux/string.h>

#include "ktest_internal.h"

static bool selftest_after_assert;

static void private_pass(struct ktest *t)
{
	KTEST_EXPECT_EQ(t, 2 + 2, 4);
	KTEST_EXPECT_STREQ(t, "abc", "abc");
}

static void private_fail(struct ktest *t)
{
	KTEST_EXPECT_EQ(t, 1, 2);
}

static void private_assert(struct ktest *t)
{
	KTEST_ASSERT_TRUE(t, 0);
	selftest_after_assert = true;
}

static void private_skip(struct ktest *t)
{
	ktest_skip(t, "no %s here", "widget");
}

static struct ktest_case private_cases[] = {
	KTEST_CASE(private_pass),
	KTEST_CASE(private_fail),
	KTEST_CASE(private_assert),
	KTEST_CASE(private_skip),
	{}
};

static const struct ktest_suite private_suite = {
	.name = "private", .cases = private_cases,
};

static int private_init_fails(void)
{
	return -5;
}

static const struct ktest_suite private_broken_suite = {
	.name = "broken", .cases = private_cases, .init = private_init_fails,
};

static char selftest_cap[1024];

static void test_expect_macros_pass(struct ktest *t)
{
	KTEST_EXPECT_TRUE(t, 1);
	KTEST_EXPECT_FALSE(t, 0);
	KTEST_EXPECT_EQ(t, -1, -1L);
	KTEST_EXPECT_NE(t, 1, 2);
	KTEST_EXPECT_STREQ(t, "x", "x");
	KTEST_ASSERT_TRUE(t, true);
}

static void test_private_counts(struct ktest *t)
{
	struct ktest_totals tot = { 0 };
	bool ok;

	selftest_after_assert = false;
	ok = ktest_run_suite(&private_suite, 7, &tot, selftest_cap,
			     sizeof(selftest_cap));
	KTEST_EXPECT_FALSE(t, ok);
	KTEST_EXPECT_EQ(t, tot.pass, 1);
	KTEST_EXPECT_EQ(t, tot.fail, 2);
	KTEST_EXPECT_EQ(t, tot.skip, 1);
	/* ASSERT must end the case at once */
	KTEST_EXPECT_FALSE(t, selftest_after_assert);
}

static void test_private_ktap(struct ktest *t)
{
	struct ktest_totals tot = { 0 };
	static const char *const lines[] = {
		"    KTAP version 1\n    # Subtest: private\n    1..4\n",
		"    ok 1 private_pass\n",
		": 1 == 2: 0x1 != 0x2\n    not ok 2 private_fail\n",
		": assertion 0\n    not ok 3 private_assert\n",
		"    ok 4 private_skip # SKIP no widget here\n",
		"not ok 7 private\n",
	};
	unsigned int i;

	ktest_run_suite(&private_suite, 7, &tot, selftest_cap,
			sizeof(selftest_cap));
	for (i = 0; i < ARRAY_SIZE(lines); i++)
		if (!strstr(selftest_cap, lines[i]))
			ktest_fail(t, __FILE__, __LINE__,
				   "KTAP output lacks \"%s\"", lines[i]);
}

static void test_init_failure(struct ktest *t)
{
	struct ktest_totals tot = { 0 };

	KTEST_EXPECT_FALSE(t, ktest_run_suite(&private_broken_suite, 1, &tot,
					      selftest_cap,
					      sizeof(selftest_cap)));
	KTEST_EXPECT_EQ(t, tot.fail, 1);
	KTEST_EXPECT_EQ(t, tot.pass, 0);
	KTEST_EXPECT_TRUE(t, strstr(selftest_cap, "init failed: error -5"));
}

static void test_capture_bounded(struct ktest *t)
{
	struct ktest_totals tot = { 0 };
	char small[16];

	ktest_run_suite(&private_suite, 1, &tot, small, sizeof(small));
	KTEST_EXPECT_EQ(t, strlen(small), sizeof(small) - 1);
	KTEST_EXPECT_EQ(t, tot.fail, 2);
}

/*
 * The log reader.  pr_debug() keeps a line in the ring without showing it
 * on the console, so the KTAP output stays clean.
 */
static void test_log_since_mark(struct ktest *t)
{
	unsigned long before, mark;

	before = ktest_log_mark();
	pr_debug("ktest_selftest: logged before the mark\n");
	mark = ktest_log_mark();
	KTEST_EXPECT_TRUE(t, mark > before);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, "ktest_selftest: logged"), 0);
	KTEST_EXPECT_FALSE(t, ktest_log_since(mark, "before the mark"));
	KTEST_EXPECT_TRUE(t, ktest_log_since(before, "before the mark"));

	pr_debug("ktest_selftest: logged after the mark, once\n");
	pr_debug("ktest_selftest: logged after the mark, twice\n");
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, "ktest_selftest: logged"), 2);
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, "after the mark, twice"), 1);
	KTEST_EXPECT_EQ(t, ktest_log_count(before, "ktest_selftest: logged"), 3);
	KTEST_EXPECT_FALSE(t, ktest_log_since(mark, "never logged"));
	/* one match per line, wherever it is in the line */
	KTEST_EXPECT_EQ(t, ktest_log_count(mark, "e"), 2);
}

/* a line is matched whole: printed in pieces, and longer than one chunk */
static void test_log_line_assembly(struct ktest *t)
{
	unsigned long mark = ktest_log_mark();
	static char pad[300];

	memset(pad, '.', sizeof(pad) - 1);
	pr_debug("ktest_selftest: a line in ");
	printk(KERN_DEBUG KERN_CONT "pieces\n");
	pr_debug("ktest_selftest: %s far-off end\n", pad);
	pr_debug("ktest_selftest: no newline yet");
	KTEST_EXPECT_TRUE(t, ktest_log_since(mark, "a line in pieces"));
	/* longer than the reader's chunk, so it spans two of them */
	KTEST_EXPECT_TRUE(t, ktest_log_since(mark, pad));
	KTEST_EXPECT_TRUE(t, ktest_log_since(mark, "... far-off end"));
	KTEST_EXPECT_TRUE(t, ktest_log_since(mark, "no newline yet"));
	/* two lines are not one */
	KTEST_EXPECT_FALSE(t, ktest_log_since(mark, "pieces["));
	printk(KERN_DEBUG KERN_CONT "\n");
}

static void test_skip_directive(struct ktest *t)
{
	ktest_skip(t, "shows what a skipped case looks like");
}

static struct ktest_case ktest_selftest_cases[] = {
	KTEST_CASE(test_expect_macros_pass),
	KTEST_CASE(test_private_counts),
	KTEST_CASE(test_private_ktap),
	KTEST_CASE(test_init_failure),
	KTEST_CASE(test_capture_bounded),
	KTEST_CASE(test_log_since_mark),
	KTEST_CASE(test_log_line_assembly),
	KTEST_CASE(test_skip_directive),
	{}
};
KTEST_SUITE(ktest_selftest, ktest_selftest_cases);
