// SPDX-License-Identifier: GPL-2.0
/* lib/cmdline.c: next_arg() splits the boot command line in place. */
#include <string.h>
#include <linux/cmdline.h>

#include "unit.h"

#define MAX_WORDS 8

struct word {
	const char *param, *val;	/* val NULL: no '=' */
};

/* split @line completely and compare with @want (terminated by a NULL param) */
static void check_split(const char *line, const struct word *want)
{
	char buf[256], *rest, *param, *val;
	unsigned int n = 0;

	strcpy(buf, line);
	rest = buf;
	while (*rest) {
		ASSERT_TRUE(n < MAX_WORDS);
		rest = next_arg(rest, &param, &val);
		if (!want[n].param) {
			EXPECT_FAIL("\"%s\": extra word \"%s\"", line, param);
			return;
		}
		EXPECT_STREQ(param, want[n].param);
		EXPECT_STREQ(val, want[n].val);
		n++;
	}
	if (want[n].param)
		EXPECT_FAIL("\"%s\": word %u \"%s\" missing", line, n,
			    want[n].param);
}

UNIT_TEST(cmdline, bare_words_and_values)
{
	static const struct word w[] = {
		{ "console", "ttyS0" }, { "nopat", NULL },
		{ "mem", "512M" }, { NULL, NULL },
	};

	check_split("console=ttyS0 nopat mem=512M", w);
	check_split("  console=ttyS0\tnopat \n mem=512M  ", w);
}

UNIT_TEST(cmdline, quoted_shell_run)
{
	static const struct word w[] = {
		{ "ktest", "pat*" },
		{ "shell.run", "cat /proc/meminfo; poweroff" },
		{ "quiet", NULL }, { NULL, NULL },
	};

	check_split("ktest=pat* shell.run=\"cat /proc/meminfo; poweroff\" quiet", w);
}

UNIT_TEST(cmdline, quotes_anywhere)
{
	/* as in Linux, the first '=' ends the name, quoted or not */
	static const struct word w1[] = {
		{ "a b", "c d" }, { "x", NULL }, { NULL, NULL },
	};
	static const struct word w2[] = {
		{ "name", "a=b" }, { NULL, NULL },
	};
	static const struct word w3[] = {
		{ "p", "x=y z" }, { NULL, NULL },
	};

	check_split("\"a b=c d\" x", w1);
	check_split("name=a=b", w2);
	check_split("p=\"x=y z\"", w3);
}

/* GRUB passes an argument with spaces quoted whole */
UNIT_TEST(cmdline, grub_quoted_word)
{
	static const struct word w[] = {
		{ "shell.run", "cat /proc/mtrr; poweroff" }, { "nopat", NULL },
		{ NULL, NULL },
	};

	check_split("\"shell.run=cat /proc/mtrr; poweroff\" nopat", w);
}

UNIT_TEST(cmdline, empty_values)
{
	static const struct word w[] = {
		{ "a", "" }, { "b", "" }, { "c", NULL }, { NULL, NULL },
	};

	check_split("a= b=\"\" c", w);
}

UNIT_TEST(cmdline, unterminated_quote_runs_to_end)
{
	static const struct word w[] = {
		{ "a", "1" }, { "shell.run", "echo hi; poweroff" },
		{ NULL, NULL },
	};

	check_split("a=1 shell.run=\"echo hi; poweroff", w);
}

UNIT_TEST(cmdline, returns_rest_after_spaces)
{
	char buf[] = "one   two";
	char *param, *val, *rest;

	rest = next_arg(buf, &param, &val);
	EXPECT_STREQ(param, "one");
	EXPECT_NULL(val);
	EXPECT_STREQ(rest, "two");
	rest = next_arg(rest, &param, &val);
	EXPECT_STREQ(param, "two");
	EXPECT_STREQ(rest, "");
}

UNIT_TEST(cmdline, empty_line)
{
	char buf[] = "   ";
	char *param, *val, *rest;

	rest = next_arg(buf, &param, &val);
	EXPECT_STREQ(param, "");
	EXPECT_NULL(val);
	EXPECT_STREQ(rest, "");
}

UNIT_TEST(cmdline, skip_spaces)
{
	const char *s = " \t\r\nx ", *blank = "  ";

	EXPECT_EQ(skip_spaces(s), s + 4);
	EXPECT_EQ(skip_spaces(s + 4), s + 4);
	/* all spaces: stops at the terminator, not past it */
	EXPECT_EQ(skip_spaces(blank), blank + 2);
	EXPECT_EQ(skip_spaces(blank + 2), blank + 2);
}
