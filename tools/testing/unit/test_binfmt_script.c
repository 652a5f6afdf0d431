// SPDX-License-Identifier: GPL-2.0
/*
 * fs/binfmt_script_parse.c: "#!" lines as Linux 6.1's binfmt_script
 * parses them (what `sh -c ./script` runs on Linux for each first line),
 * including the cut-off cases of its 256-byte buffer, and the argv the
 * interpreter gets.
 */
#include <string.h>

#include <linux/binfmts.h>
#include <linux/errno.h>

#include "unit.h"

static struct binfmt_script s;

static int parse(const char *text)
{
	return binfmt_script_parse(text, strlen(text), &s);
}

struct script_case {
	const char *text;
	const char *name;	/* NULL: -ENOEXEC */
	const char *arg;
	size_t len;		/* 0: strlen(text); set when text holds a NUL */
};

static const struct script_case cases[] = {
	{ "#!/bin/sh\n", "/bin/sh", NULL, 0 },
	{ "#!/bin/sh", "/bin/sh", NULL, 0 },	/* short file: NUL padded */
	{ "#! /bin/sh -e \n", "/bin/sh", "-e", 0 },
	{ "#!\t/bin/sh\t-x\t\t\necho hi\n", "/bin/sh", "-x", 0 },
	/* one argument, inner blanks and all */
	{ "#!/usr/bin/env python3 -u\n", "/usr/bin/env", "python3 -u", 0 },
	{ "#!/bin/busybox  sh   -c  x \n", "/bin/busybox", "sh   -c  x", 0 },
	/* CR is not a blank: the "bad interpreter: /bin/sh^M" of DOS files */
	{ "#!/bin/sh\r\n", "/bin/sh\r", NULL, 0 },
	/* a NUL ends the line early */
	{ "#!/bin/sh\0 -x\n", "/bin/sh", NULL, sizeof("#!/bin/sh\0 -x\n") - 1 },
	/* short file, no newline: blanks before the NUL padding stay */
	{ "#!/bin/sh -e ", "/bin/sh", "-e ", 0 },
	/* a newline after a NUL is not seen; the NUL ends the path */
	{ "#!/bin/sh\0\n", "/bin/sh", NULL, sizeof("#!/bin/sh\0\n") - 1 },
	{ "#!\n", NULL, NULL, 0 },
	{ "#!   \t \n/bin/sh\n", NULL, NULL, 0 },
	{ "#!", NULL, NULL, 0 },
	{ "#", NULL, NULL, 0 },
	{ "", NULL, NULL, 0 },
	{ "#/bin/sh\n", NULL, NULL, 0 },
	{ "!#/bin/sh\n", NULL, NULL, 0 },
	{ " #!/bin/sh\n", NULL, NULL, 0 },
	{ "\177ELF\2\1\1", NULL, NULL, 0 },
};

UNIT_TEST(binfmt_script, lines)
{
	unsigned int i;
	size_t len;
	int err;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct script_case *c = &cases[i];

		len = c->len ? c->len : strlen(c->text);
		err = binfmt_script_parse(c->text, len, &s);
		if (!c->name) {
			if (err != -ENOEXEC)
				EXPECT_FAIL("case %u: got %d, want -ENOEXEC", i, err);
			continue;
		}
		if (err) {
			EXPECT_FAIL("case %u: got %d", i, err);
			continue;
		}
		EXPECT_STREQ(s.name, c->name);
		if (c->arg)
			EXPECT_TRUE(s.arg && !strcmp(s.arg, c->arg));
		else
			EXPECT_NULL(s.arg);
	}
}

/* without a newline in 256 bytes, the argument is cut at byte 255 */
UNIT_TEST(binfmt_script, long_argument_is_cut)
{
	char text[400];

	memset(text, 'a', sizeof(text) - 1);
	text[sizeof(text) - 1] = '\0';
	memcpy(text, "#!/bin/sh ", 10);
	ASSERT_EQ(parse(text), 0);
	EXPECT_STREQ(s.name, "/bin/sh");
	ASSERT_TRUE(s.arg != NULL);
	EXPECT_EQ(strlen(s.arg), BINPRM_BUF_SIZE - 10 - 1);
	/* the same with a newline after the buffer: nothing changes */
	text[300] = '\n';
	ASSERT_EQ(parse(text), 0);
	EXPECT_EQ(strlen(s.arg), BINPRM_BUF_SIZE - 10 - 1);
}

/* a path cut by the buffer's end is never run */
UNIT_TEST(binfmt_script, cut_off_interpreter_is_enoexec)
{
	char text[400];

	memset(text, 'p', sizeof(text) - 1);
	text[sizeof(text) - 1] = '\0';
	memcpy(text, "#!/", 3);
	EXPECT_EQ(parse(text), -ENOEXEC);
	/* blanks up to the end: no interpreter at all */
	memset(text + 2, ' ', sizeof(text) - 3);
	EXPECT_EQ(parse(text), -ENOEXEC);
	/* a path ending exactly at byte 254, then a blank at 255: accepted */
	memset(text + 2, 'p', BINPRM_BUF_SIZE - 3);
	text[2] = '/';
	text[BINPRM_BUF_SIZE - 1] = ' ';
	ASSERT_EQ(parse(text), 0);
	EXPECT_EQ(strlen(s.name), BINPRM_BUF_SIZE - 3);
	EXPECT_NULL(s.arg);
	/* the same path with its last byte in 255: cut off */
	text[BINPRM_BUF_SIZE - 1] = 'p';
	EXPECT_EQ(parse(text), -ENOEXEC);
}

UNIT_TEST(binfmt_script, new_argv)
{
	const char *argv[] = { "s.sh", "x", "y" };
	const char *out[8];

	ASSERT_EQ(parse("#!/bin/sh -e\n"), 0);
	ASSERT_EQ(binfmt_script_argv(&s, "/tmp/s.sh", argv, 3, out, 8), 5);
	EXPECT_STREQ(out[0], "/bin/sh");
	EXPECT_STREQ(out[1], "-e");
	EXPECT_STREQ(out[2], "/tmp/s.sh");
	EXPECT_STREQ(out[3], "x");
	EXPECT_STREQ(out[4], "y");
	EXPECT_EQ(binfmt_script_argv(&s, "/tmp/s.sh", argv, 3, out, 5), 5);
	EXPECT_EQ(binfmt_script_argv(&s, "/tmp/s.sh", argv, 3, out, 4), -E2BIG);

	ASSERT_EQ(parse("#!/bin/sh\n"), 0);
	ASSERT_EQ(binfmt_script_argv(&s, "./s", argv, 3, out, 8), 4);
	EXPECT_STREQ(out[0], "/bin/sh");
	EXPECT_STREQ(out[1], "./s");
	EXPECT_STREQ(out[2], "x");
	/* an empty argv: interpreter and script only */
	ASSERT_EQ(binfmt_script_argv(&s, "./s", NULL, 0, out, 8), 2);
	EXPECT_STREQ(out[1], "./s");
	EXPECT_EQ(binfmt_script_argv(&s, "./s", NULL, 0, out, 1), -E2BIG);
}
