// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite for command-line parsing: a private parameter table and
 * private command lines, so the real settings are untouched (except
 * console_loglevel, which test_loglevel restores).
 */
#include <linux/errno.h>
#include <linux/glob.h>
#include <linux/kernel.h>
#include <linux/ktest.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/string.h>

#include "params_internal.h"

extern const struct kernel_param __start_kernel_params[];
extern const struct kernel_param __stop_kernel_params[];

static int pt_a_calls, pt_num, pt_early_calls;
static const char *pt_a_val;

static int pt_set_a(char *val)
{
	pt_a_calls++;
	pt_a_val = val;
	return 0;
}

static int pt_set_num(char *val)
{
	int v;

	if (!val || kstrtoint(val, 10, &v))
		return -EINVAL;
	pt_num = v;
	return 0;
}

static int pt_set_early(char *val)
{
	pt_early_calls++;
	return 0;
}

static const struct kernel_param pt_params[] = {
	{ .name = "pt.a", .set = pt_set_a },
	{ .name = "pt_num", .set = pt_set_num },
	{ .name = "pt.early", .set = pt_set_early, .early = true },
};

static struct param_report pt_parse(const char *cmdline, bool early)
{
	static char buf[256];
	struct param_report rep = { 0 };

	pt_a_calls = 0;
	pt_a_val = NULL;
	pt_num = -1;
	pt_early_calls = 0;
	strscpy(buf, cmdline, sizeof(buf));
	parse_args_table(buf, pt_params, pt_params + ARRAY_SIZE(pt_params),
			 early, false, &rep);
	return rep;
}

static void test_apply_quoted(struct ktest *t)
{
	struct param_report rep = pt_parse("  pt.a=\"x; y\"  pt-num=5 ", false);

	KTEST_EXPECT_EQ(t, rep.applied, 2);
	KTEST_EXPECT_EQ(t, rep.refused, 0);
	KTEST_EXPECT_EQ(t, rep.unknown, 0);
	KTEST_ASSERT_TRUE(t, pt_a_val);
	KTEST_EXPECT_STREQ(t, pt_a_val, "x; y");
	KTEST_EXPECT_EQ(t, pt_num, 5);
}

static void test_malformed_refused(struct ktest *t)
{
	struct param_report rep = pt_parse("pt_num=abc pt_num", false);

	KTEST_EXPECT_EQ(t, rep.refused, 2);
	KTEST_EXPECT_EQ(t, rep.applied, 0);
	KTEST_EXPECT_EQ(t, pt_num, -1);
}

static void test_unknown_ignored(struct ktest *t)
{
	struct param_report rep = pt_parse("foo=bar pt.a baz", false);

	KTEST_EXPECT_EQ(t, rep.unknown, 2);
	KTEST_EXPECT_EQ(t, rep.applied, 1);
	KTEST_EXPECT_EQ(t, pt_a_calls, 1);
	KTEST_EXPECT_TRUE(t, pt_a_val == NULL);	/* a bare name */
}

static void test_passes(struct ktest *t)
{
	struct param_report rep = pt_parse("pt.early pt.a=1 what", true);

	/* the early pass neither applies core parameters nor reports */
	KTEST_EXPECT_EQ(t, pt_early_calls, 1);
	KTEST_EXPECT_EQ(t, pt_a_calls, 0);
	KTEST_EXPECT_EQ(t, rep.unknown, 0);
	rep = pt_parse("pt.early pt.a=1", false);
	KTEST_EXPECT_EQ(t, pt_early_calls, 0);
	KTEST_EXPECT_EQ(t, pt_a_calls, 1);
	KTEST_EXPECT_EQ(t, rep.unknown, 0);
}

static void test_double_dash_stops(struct ktest *t)
{
	struct param_report rep = pt_parse("pt.a -- pt_num=3 junk", false);

	KTEST_EXPECT_EQ(t, rep.applied, 1);
	KTEST_EXPECT_EQ(t, rep.unknown, 0);
	KTEST_EXPECT_EQ(t, pt_num, -1);
}

static void test_loglevel(struct ktest *t)
{
	int saved = console_loglevel;
	struct param_report rep = { 0 };
	char buf[32];

	strscpy(buf, "loglevel=99", sizeof(buf));
	parse_args_table(buf, __start_kernel_params, __stop_kernel_params,
			 true, false, &rep);
	KTEST_EXPECT_EQ(t, rep.refused, 1);
	KTEST_EXPECT_EQ(t, console_loglevel, saved);
	strscpy(buf, "loglevel=x1", sizeof(buf));
	parse_args_table(buf, __start_kernel_params, __stop_kernel_params,
			 true, false, &rep);
	KTEST_EXPECT_EQ(t, rep.refused, 2);
	KTEST_EXPECT_EQ(t, console_loglevel, saved);
	strscpy(buf, "loglevel=3", sizeof(buf));
	parse_args_table(buf, __start_kernel_params, __stop_kernel_params,
			 true, false, &rep);
	KTEST_EXPECT_EQ(t, console_loglevel, 3);
	console_loglevel = saved;
}

static void test_cmdline_get(struct ktest *t)
{
	const char *glob = cmdline_get("ktest");

	KTEST_EXPECT_TRUE(t, cmdline_get("no.such.parameter") == NULL);
	/* only the boot command line is remembered, not a private parse */
	pt_parse("pt.a=kept?", false);
	KTEST_EXPECT_TRUE(t, cmdline_get("pt.a") == NULL);
	if (!glob) {
		ktest_skip(t, "not started with ktest=");
		return;
	}
	/* the value this run was started with, which selected this suite */
	KTEST_EXPECT_TRUE(t, glob_match(glob, "params"));
}

static struct ktest_case params_cases[] = {
	KTEST_CASE(test_apply_quoted),
	KTEST_CASE(test_malformed_refused),
	KTEST_CASE(test_unknown_ignored),
	KTEST_CASE(test_passes),
	KTEST_CASE(test_double_dash_stops),
	KTEST_CASE(test_loglevel),
	KTEST_CASE(test_cmdline_get),
	{}
};
KTEST_SUITE(params, params_cases);
