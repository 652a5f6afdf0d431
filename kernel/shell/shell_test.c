// SPDX-License-Identifier: GPL-2.0
/*
 * ktest suite for the shell: the line editor fed byte streams (the same
 * cases a terminal produces), the splitters, and command dispatch with the
 * output captured.
 */
#include <linux/errno.h>
#include <linux/ktest.h>
#include <linux/shell.h>
#include <linux/string.h>

#include "lineedit.h"
#include "shell_internal.h"

static struct lineedit st_le;
static char st_out[2048];

/* feed @s; count the events and keep the last finished line */
static unsigned int st_feed(const char *s, size_t n, enum le_event want,
			    char *line, size_t size)
{
	unsigned int hits = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (le_feed(&st_le, s[i]) != want)
			continue;
		hits++;
		if (line)
			strscpy(line, st_le.buf, size);
	}
	return hits;
}

#define ST_FEED(s, want, line)	\
	st_feed(s, sizeof(s) - 1, want, line, sizeof(line))

static void test_backspace_and_line_ends(struct ktest *t)
{
	char line[64] = "";

	le_init(&st_le);
	KTEST_EXPECT_EQ(t, ST_FEED("ab\x7f" "c\r\n", LE_LINE, line), 1);
	KTEST_EXPECT_STREQ(t, line, "ac");
	KTEST_EXPECT_EQ(t, ST_FEED("x\by\n", LE_LINE, line), 1);
	KTEST_EXPECT_STREQ(t, line, "y");
	KTEST_EXPECT_EQ(t, ST_FEED("p\rq\r", LE_LINE, line), 2);
	KTEST_EXPECT_STREQ(t, line, "q");
	/* CR LF is one line end, LF LF two */
	KTEST_EXPECT_EQ(t, ST_FEED("\r\n\n", LE_LINE, line), 2);
	KTEST_EXPECT_STREQ(t, line, "");
	/* backspace on an empty line echoes nothing */
	le_feed(&st_le, 0x7f);
	KTEST_EXPECT_EQ(t, st_le.echo_len, 0);
}

static void test_overlong(struct ktest *t)
{
	char line[64] = "";
	unsigned int i, too_long = 0;

	le_init(&st_le);
	for (i = 0; i < LE_LINE_MAX; i++)
		le_feed(&st_le, 'x');
	KTEST_EXPECT_EQ(t, le_feed(&st_le, '\n'), LE_LINE);
	KTEST_EXPECT_EQ(t, strlen(st_le.buf), LE_LINE_MAX);
	for (i = 0; i < LE_LINE_MAX + 100; i++)
		too_long += le_feed(&st_le, 'y') != LE_NONE;
	KTEST_EXPECT_EQ(t, too_long, 0);
	KTEST_EXPECT_EQ(t, le_feed(&st_le, '\r'), LE_TOO_LONG);
	/* the next line is fine again */
	KTEST_EXPECT_EQ(t, ST_FEED("\nok\n", LE_LINE, line), 1);
	KTEST_EXPECT_STREQ(t, line, "ok");
}

static void test_control_and_escapes(struct ktest *t)
{
	char line[64] = "";

	le_init(&st_le);
	KTEST_EXPECT_EQ(t, ST_FEED("a\x01" "b\x80" "c\x00", LE_BAD_BYTE, line),
			3);
	KTEST_EXPECT_EQ(t, ST_FEED("\n", LE_LINE, line), 1);
	KTEST_EXPECT_STREQ(t, line, "abc");
	/* arrow key, F1, a CSI with parameters, Alt-x */
	KTEST_EXPECT_EQ(t, ST_FEED("a\x1b[Ab\x1bOPc\x1b[1;5Dd\x1bxe",
				   LE_ESCAPE, line), 4);
	KTEST_EXPECT_EQ(t, ST_FEED("\r", LE_LINE, line), 1);
	KTEST_EXPECT_STREQ(t, line, "abcde");
	/* a line end inside a broken sequence still ends the line */
	KTEST_EXPECT_EQ(t, ST_FEED("z\x1b[1\n", LE_LINE, line), 1);
	KTEST_EXPECT_STREQ(t, line, "z");
}

static void test_split_args(struct ktest *t)
{
	char line[] = "  echo \"a b\"\tc \"\" \"q\\\"x\"  ";
	char bad[] = "echo \"open";
	char many[] = "1 2 3 4";
	char *argv[6];

	KTEST_ASSERT_TRUE(t, shell_split_args(line, argv, 6) == 5);
	KTEST_EXPECT_STREQ(t, argv[0], "echo");
	KTEST_EXPECT_STREQ(t, argv[1], "a b");
	KTEST_EXPECT_STREQ(t, argv[2], "c");
	KTEST_EXPECT_STREQ(t, argv[3], "");
	KTEST_EXPECT_STREQ(t, argv[4], "q\"x");
	KTEST_EXPECT_EQ(t, shell_split_args(bad, argv, 6), -EINVAL);
	KTEST_EXPECT_EQ(t, shell_split_args(many, argv, 3), -E2BIG);
}

static void test_next_command(struct ktest *t)
{
	char script[] = " a 1 ; \"b;c\" ;; d ";
	char *cursor = script;

	KTEST_EXPECT_STREQ(t, shell_next_command(&cursor), "a 1");
	KTEST_EXPECT_STREQ(t, shell_next_command(&cursor), "\"b;c\"");
	KTEST_EXPECT_STREQ(t, shell_next_command(&cursor), "d");
	KTEST_EXPECT_TRUE(t, shell_next_command(&cursor) == NULL);
}

static void test_dispatch(struct ktest *t)
{
	char line[64];
	int ret;

	shell_capture_begin(st_out, sizeof(st_out));
	strscpy(line, "echo  hi   \"there  you\"", sizeof(line));
	shell_exec(line);
	strscpy(line, "nosuch arg", sizeof(line));
	ret = shell_exec(line);
	shell_capture_end();
	KTEST_EXPECT_STREQ(t, st_out,
			   "hi there  you\nsh: nosuch: command not found\n");
	KTEST_EXPECT_EQ(t, ret, 127);

	shell_capture_begin(st_out, sizeof(st_out));
	shell_run_script("echo a; echo \"b;c\"");
	shell_capture_end();
	KTEST_EXPECT_STREQ(t, st_out, "# echo a\na\n# echo \"b;c\"\nb;c\n");

	shell_capture_begin(st_out, sizeof(st_out));
	strscpy(line, "cat /proc/version /nope /proc", sizeof(line));
	shell_exec(line);
	shell_capture_end();
	KTEST_EXPECT_TRUE(t, !strncmp(st_out, "cachet version ", 15));
	KTEST_EXPECT_TRUE(t, strstr(st_out,
				    "cat: /nope: No such file or directory\n"));
	KTEST_EXPECT_TRUE(t, strstr(st_out, "cat: /proc: Is a directory\n"));
}

static void test_interactive(struct ktest *t)
{
	static const char in[] = "ec\x7f" "cho x\r\n\x1b[A\x02";
	size_t i;

	le_init(&st_le);
	shell_capture_begin(st_out, sizeof(st_out));
	for (i = 0; i < sizeof(in) - 1; i++)
		shell_feed(&st_le, in[i]);
	shell_capture_end();
	KTEST_EXPECT_STREQ(t, st_out,
			   "ec\b \bcho x\nx\n# "
			   "\nsh: escape sequence ignored\n# "
			   "\nsh: control character 0x02 ignored\n# ");
}

/* the errors and messages of GNU ls and cat on Linux */
static void test_path_errors(struct ktest *t)
{
	char line[80];
	int ret;

	shell_capture_begin(st_out, sizeof(st_out));
	strscpy(line, "ls \"\" /proc/version/", sizeof(line));
	ret = shell_exec(line);
	strscpy(line, "cat \"\" /proc/version/ /proc/version/x /proc/",
		sizeof(line));
	shell_exec(line);
	shell_capture_end();
	KTEST_EXPECT_EQ(t, ret, 2);
	KTEST_EXPECT_STREQ(t, st_out,
			   "ls: cannot access '': No such file or directory\n"
			   "ls: cannot access '/proc/version/': Not a directory\n"
			   "cat: '': No such file or directory\n"
			   "cat: /proc/version/: Not a directory\n"
			   "cat: /proc/version/x: Not a directory\n"
			   "cat: /proc/: Is a directory\n");
}

/* far past any one formatting buffer: nothing may be cut off */
static void test_long_output(struct ktest *t)
{
	static char arg[5001], big[8192];
	size_t i, n;

	for (i = 0; i < sizeof(arg) - 1; i++)
		arg[i] = 'a' + i % 26;
	arg[sizeof(arg) - 1] = '\0';
	shell_capture_begin(big, sizeof(big));
	shell_printf("<%s>%d\n", arg, 42);
	n = shell_capture_end();
	KTEST_EXPECT_EQ(t, n, sizeof(arg) - 1 + 5);
	KTEST_EXPECT_EQ(t, strlen(big), n);
	KTEST_EXPECT_TRUE(t, big[0] == '<' && !strncmp(big + 1, arg, 5000));
	KTEST_EXPECT_STREQ(t, big + 5001, ">42\n");

	/* a capture too small keeps what fits and says how much there was */
	shell_capture_begin(st_out, 8);
	shell_printf("%s", arg);
	shell_write("xyz", 3);
	n = shell_capture_end();
	KTEST_EXPECT_EQ(t, n, 5003);
	KTEST_EXPECT_STREQ(t, st_out, "abcdefg");
}

static struct ktest_case shell_cases[] = {
	KTEST_CASE(test_backspace_and_line_ends),
	KTEST_CASE(test_overlong),
	KTEST_CASE(test_control_and_escapes),
	KTEST_CASE(test_split_args),
	KTEST_CASE(test_next_command),
	KTEST_CASE(test_dispatch),
	KTEST_CASE(test_interactive),
	KTEST_CASE(test_long_output),
	KTEST_CASE(test_path_errors),
	{}
};
KTEST_SUITE(shell, shell_cases);
