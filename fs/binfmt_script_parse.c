// SPDX-License-Identifier: GPL-2.0
/*
 * "#!" scripts, pure (see Documentation/process/conventions.rst): the
 * interpreter line is parsed from the first BINPRM_BUF_SIZE bytes of the
 * file and the interpreter's argv is built from it, with Linux 6.1's
 * fs/binfmt_script.c rules:
 *
 *   - only the first BINPRM_BUF_SIZE bytes count; a file shorter than that
 *     reads as if padded with NULs;
 *   - the line ends at the first newline before any NUL; without one, the
 *     interpreter's path must be followed by a space, tab or NUL within
 *     them (a cut-off path is never run), and the argument is cut at the
 *     buffer's last byte;
 *   - spaces and tabs around the path are dropped; everything after the
 *     path and its following blanks is ONE argument, spaces and all, with
 *     the blanks before the line's end removed -- but not those before
 *     the NUL padding of a short file without a newline, which Linux
 *     leaves ("#!/bin/sh -e " at the very end of a file passes "-e ");
 *   - no path at all is -ENOEXEC;
 *   - the new argv is: interpreter, [argument], the script's path as given
 *     to execve, then the original argv[1..].
 */
#include <linux/binfmts.h>
#include <linux/errno.h>
#include <linux/string.h>

static bool script_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* whether @first..@last holds a space, tab or NUL */
static bool script_has_terminator(const char *first, const char *last)
{
	for (; first <= last; first++)
		if (script_blank(*first) || !*first)
			return true;
	return false;
}

/* the end of the line to parse, or NULL for a cut-off interpreter path */
static char *script_line_end(char *buf)
{
	char *last = buf + BINPRM_BUF_SIZE - 1;
	char *cp;

	/* Linux looks for the newline with strnchr(): up to the first NUL */
	for (cp = buf; cp <= last && *cp; cp++)
		if (*cp == '\n')
			return cp;
	for (cp = buf + 2; cp <= last && script_blank(*cp); cp++)
		;
	if (cp > last || !script_has_terminator(cp, last))
		return NULL;
	return last;
}

/**
 * binfmt_script_parse() - parse a "#!" line
 * @head: the first bytes of the file
 * @len: how many there are (only BINPRM_BUF_SIZE of them are looked at)
 * @s: receives a copy of the line and the interpreter and argument in it
 *
 * Returns 0, or -ENOEXEC when the file does not start with "#!", names
 * no interpreter, or its interpreter path is cut off by the buffer's end.
 */
int binfmt_script_parse(const void *head, size_t len, struct binfmt_script *s)
{
	char *cp;

	s->name = NULL;
	s->arg = NULL;
	memset(s->buf, 0, sizeof(s->buf));
	memcpy(s->buf, head, len < sizeof(s->buf) ? len : sizeof(s->buf));
	if (s->buf[0] != '#' || s->buf[1] != '!')
		return -ENOEXEC;

	cp = script_line_end(s->buf);
	if (!cp)
		return -ENOEXEC;
	*cp = '\0';
	while (cp > s->buf && script_blank(cp[-1]))
		*--cp = '\0';

	for (cp = s->buf + 2; script_blank(*cp); cp++)
		;
	if (!*cp)
		return -ENOEXEC;
	s->name = cp;
	while (*cp && !script_blank(*cp))
		cp++;
	while (script_blank(*cp))
		*cp++ = '\0';
	if (*cp)
		s->arg = cp;
	return 0;
}

/**
 * binfmt_script_argv() - the interpreter's argv
 * @s: a parsed line
 * @path: the script's path as given to execve
 * @argv: the original argv (argv[0] is dropped)
 * @argc: its length; 0 counts as 1, as execve turns an empty argv into ""
 * @new_argv: receives the new argv (pointers into @s, @path and @argv)
 * @max: room in @new_argv
 *
 * Returns the new argc, or -E2BIG when @max is too small.  @new_argv is
 * not NULL-terminated: the count is what exec_stack_build() takes.
 */
long binfmt_script_argv(const struct binfmt_script *s, const char *path,
			const char *const *argv, unsigned long argc,
			const char **new_argv, unsigned long max)
{
	unsigned long rest = argc ? argc - 1 : 0;
	unsigned long n = 0, i;

	if (max < rest || max - rest < 2 + !!s->arg)
		return -E2BIG;
	new_argv[n++] = s->name;
	if (s->arg)
		new_argv[n++] = s->arg;
	new_argv[n++] = path;
	for (i = 1; i < argc; i++)
		new_argv[n++] = argv[i];
	return n;
}
