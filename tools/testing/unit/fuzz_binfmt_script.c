// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target of fs/binfmt_script_parse.c: any bytes as the head of
 * a file, in a buffer of exactly that size.  An accepted line must give a
 * non-empty interpreter path without blanks and an argument that is absent
 * or non-empty without a leading blank (a trailing one can stay, as in
 * Linux: see binfmt_script_parse.c), both inside the parser's copy
 * of the buffer; the new argv must hold them in order.
 */
#include <stdlib.h>
#include <string.h>

#include <linux/binfmts.h>

static struct binfmt_script s;

static int blank(char c)
{
	return c == ' ' || c == '\t';
}

static int inside(const char *p)
{
	return p >= s.buf && p < s.buf + sizeof(s.buf) &&
	       memchr(p, '\0', s.buf + sizeof(s.buf) - p);
}

static void check_line(void)
{
	static const char path[] = "/s";
	const char *argv[] = { "a0", "a1" };
	const char *out[5];
	size_t n;
	long argc;

	if (!s.name || !inside(s.name) || !*s.name)
		abort();
	for (n = 0; s.name[n]; n++)
		if (blank(s.name[n]) || s.name[n] == '\n')
			abort();
	if (s.arg) {
		n = strlen(s.arg);
		if (!inside(s.arg) || !n || blank(s.arg[0]) ||
		    strchr(s.arg, '\n'))
			abort();
	}
	argc = binfmt_script_argv(&s, path, argv, 2, out, 5);
	if (argc != 3 + !!s.arg || out[0] != s.name ||
	    (s.arg && out[1] != s.arg) || out[argc - 2] != path ||
	    out[argc - 1] != argv[1])
		abort();
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	unsigned char *copy = malloc(size ? size : 1);

	memcpy(copy, data, size);
	if (!binfmt_script_parse(copy, size, &s))
		check_line();
	free(copy);
	return 0;
}
