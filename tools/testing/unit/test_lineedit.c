// SPDX-License-Identifier: GPL-2.0
/* kernel/shell/lineedit.c: the shell's byte-by-byte line editor and splitters. */
#include <string.h>
#include <linux/errno.h>

#include "lineedit.h"
#include "unit.h"

struct feed_result {
	unsigned int lines, too_long, escapes, bad;
	char last[LE_LINE_MAX + 1];
	char echo[4096];
	size_t echo_len;
};

static void feed(struct lineedit *le, const char *bytes, size_t n,
		 struct feed_result *r)
{
	size_t i;

	for (i = 0; i < n; i++) {
		enum le_event ev = le_feed(le, (u8)bytes[i]);

		if (r->echo_len + le->echo_len < sizeof(r->echo)) {
			memcpy(r->echo + r->echo_len, le->echo, le->echo_len);
			r->echo_len += le->echo_len;
		}
		switch (ev) {
		case LE_LINE:
			r->lines++;
			strcpy(r->last, le->buf);
			break;
		case LE_TOO_LONG:
			r->too_long++;
			break;
		case LE_ESCAPE:
			r->escapes++;
			break;
		case LE_BAD_BYTE:
			r->bad++;
			break;
		case LE_NONE:
			break;
		}
	}
	r->echo[r->echo_len] = '\0';
}

#define FEED(le, s, r)	feed(le, s, sizeof(s) - 1, r)

UNIT_TEST(lineedit, plain_line_and_echo)
{
	struct feed_result r = { 0 };
	struct lineedit le;

	le_init(&le);
	FEED(&le, "ls /proc\r", &r);
	EXPECT_EQ(r.lines, 1);
	EXPECT_STREQ(r.last, "ls /proc");
	EXPECT_STREQ(r.echo, "ls /proc");
}

UNIT_TEST(lineedit, cr_lf_crlf_end_one_line_each)
{
	struct feed_result r = { 0 };
	struct lineedit le;

	le_init(&le);
	FEED(&le, "a\r\nb\nc\r", &r);
	EXPECT_EQ(r.lines, 3);
	EXPECT_STREQ(r.last, "c");
	memset(&r, 0, sizeof(r));
	FEED(&le, "\r\n\r\n", &r);
	EXPECT_EQ(r.lines, 2);
	EXPECT_STREQ(r.last, "");
	memset(&r, 0, sizeof(r));
	FEED(&le, "x\n\r", &r);		/* LF CR: two line ends */
	EXPECT_EQ(r.lines, 2);
}

UNIT_TEST(lineedit, backspace_and_delete)
{
	struct feed_result r = { 0 };
	struct lineedit le;

	le_init(&le);
	FEED(&le, "catt\x08 x\x7f/proc\n", &r);
	EXPECT_EQ(r.lines, 1);
	EXPECT_STREQ(r.last, "cat /proc");
	EXPECT_STREQ(r.echo, "catt\b \b x\b \b/proc");
	memset(&r, 0, sizeof(r));
	FEED(&le, "\x7f\x08" "a\x7f\x7f\n", &r);	/* nothing to erase */
	EXPECT_STREQ(r.last, "");
	EXPECT_STREQ(r.echo, "a\b \b");
}

UNIT_TEST(lineedit, line_of_1k_accepted)
{
	static char in[LE_LINE_MAX + 2];
	struct feed_result r = { 0 };
	struct lineedit le;

	memset(in, 'x', LE_LINE_MAX);
	in[LE_LINE_MAX] = '\n';
	le_init(&le);
	feed(&le, in, LE_LINE_MAX + 1, &r);
	EXPECT_EQ(r.lines, 1);
	EXPECT_EQ(r.too_long, 0);
	EXPECT_EQ(strlen(r.last), LE_LINE_MAX);
}

UNIT_TEST(lineedit, line_over_1k_refused)
{
	static char in[LE_LINE_MAX + 3];
	struct feed_result r = { 0 };
	struct lineedit le;

	memset(in, 'y', LE_LINE_MAX + 1);
	in[LE_LINE_MAX + 1] = '\x7f';	/* too late to save it */
	in[LE_LINE_MAX + 2] = '\r';
	le_init(&le);
	feed(&le, in, sizeof(in), &r);
	EXPECT_EQ(r.lines, 0);
	EXPECT_EQ(r.too_long, 1);
	memset(&r, 0, sizeof(r));
	FEED(&le, "\nok\r", &r);	/* the LF of CRLF, then a fresh line */
	EXPECT_EQ(r.lines, 1);
	EXPECT_EQ(r.too_long, 0);
	EXPECT_STREQ(r.last, "ok");
}

UNIT_TEST(lineedit, escape_sequences_dropped)
{
	struct feed_result r = { 0 };
	struct lineedit le;

	le_init(&le);
	/* up arrow, F1, delete key (ESC [ 3 ~), alt-x */
	FEED(&le, "a\x1b[Ab\x1bOPc\x1b[3~d\x1bxe\n", &r);
	EXPECT_EQ(r.lines, 1);
	EXPECT_STREQ(r.last, "abcde");
	EXPECT_EQ(r.escapes, 4);
	EXPECT_STREQ(r.echo, "abcde");
}

UNIT_TEST(lineedit, broken_escape_cut_by_control)
{
	struct feed_result r = { 0 };
	struct lineedit le;

	le_init(&le);
	FEED(&le, "ab\x1b[1;5\r", &r);	/* CR cuts the CSI short */
	EXPECT_EQ(r.lines, 1);
	EXPECT_STREQ(r.last, "ab");
}

UNIT_TEST(lineedit, control_and_high_bytes_dropped)
{
	struct feed_result r = { 0 };
	struct lineedit le;

	le_init(&le);
	FEED(&le, "e\x01" "c\x03h\x80o\xff\t!\x00\n", &r);
	EXPECT_EQ(r.lines, 1);
	EXPECT_STREQ(r.last, "echo!");
	EXPECT_EQ(r.bad, 6);
	EXPECT_EQ(le.bad, 0);
	EXPECT_STREQ(r.echo, "echo!");
}

UNIT_TEST(lineedit, split_args)
{
	char line[] = "  echo \"a b\"\tc \"q\\\"x\\\\\" \"\" d  ";
	char *argv[8];

	ASSERT_EQ(shell_split_args(line, argv, 8), 6);
	EXPECT_STREQ(argv[0], "echo");
	EXPECT_STREQ(argv[1], "a b");
	EXPECT_STREQ(argv[2], "c");
	EXPECT_STREQ(argv[3], "q\"x\\");
	EXPECT_STREQ(argv[4], "");
	EXPECT_STREQ(argv[5], "d");
}

UNIT_TEST(lineedit, split_args_errors)
{
	char l1[] = "a b c", l2[] = "echo \"open", l3[] = "   ";
	char *argv[2];

	EXPECT_EQ(shell_split_args(l1, argv, 2), -E2BIG);
	EXPECT_EQ(shell_split_args(l2, argv, 2), -EINVAL);
	EXPECT_EQ(shell_split_args(l3, argv, 2), 0);
}

UNIT_TEST(lineedit, next_command)
{
	char script[] = " cat /proc/meminfo; ;echo \"a;b\" ;  poweroff  ";
	char *cur = script;

	EXPECT_STREQ(shell_next_command(&cur), "cat /proc/meminfo");
	EXPECT_STREQ(shell_next_command(&cur), "echo \"a;b\"");
	EXPECT_STREQ(shell_next_command(&cur), "poweroff");
	EXPECT_NULL(shell_next_command(&cur));
	EXPECT_NULL(cur);
	EXPECT_NULL(shell_next_command(&cur));
}
