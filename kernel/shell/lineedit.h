/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The shell's input side, pure (see Documentation/process/conventions.rst):
 * a line editor fed one byte at a time, and the splitting of a line into
 * arguments and of a script into commands.  No I/O: the caller echoes what
 * le_feed() leaves in le->echo and prints the messages for its events.
 */
#ifndef _KERNEL_SHELL_LINEEDIT_H
#define _KERNEL_SHELL_LINEEDIT_H

#include <linux/compiler.h>
#include <linux/types.h>

#define LE_LINE_MAX	1024

enum le_event {
	LE_NONE,	/* byte taken; echo le->echo */
	LE_LINE,	/* le->buf holds a finished line */
	LE_TOO_LONG,	/* a line over LE_LINE_MAX ended and was discarded */
	LE_ESCAPE,	/* an escape sequence starts; it is swallowed whole */
	LE_BAD_BYTE,	/* le->bad (control or non-ASCII) was dropped */
};

struct lineedit {
	char buf[LE_LINE_MAX + 1];
	unsigned int len;
	u8 esc;			/* where in an escape sequence we are */
	u8 bad;
	bool overlong;		/* input went past LE_LINE_MAX */
	bool after_cr;		/* so the LF of a CRLF ends nothing */
	bool done;		/* buf was handed out: start afresh */
	char echo[4];
	unsigned int echo_len;
};

void le_init(struct lineedit *le);
enum le_event le_feed(struct lineedit *le, u8 c);

int shell_split_args(char *line, char **argv, int max);
char *shell_next_command(char **script);

#endif /* _KERNEL_SHELL_LINEEDIT_H */
