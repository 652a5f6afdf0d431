// SPDX-License-Identifier: GPL-2.0
/*
 * The shell's line editor and splitters; pure, so the same file runs in
 * the kernel and in the host unit tests.
 *
 * The editor is a small state machine over input bytes:
 *
 *	0x20-0x7e	appended and echoed; past LE_LINE_MAX the rest of the
 *			line is dropped and the line is reported as too long
 *	0x08, 0x7f	backspace: erase one character ("\b \b")
 *	CR, LF		end the line; the LF of a CRLF is swallowed, so a
 *			terminal sending CRLF does not produce empty lines
 *	ESC ...		an escape sequence (arrow keys: ESC [ A, F-keys:
 *			ESC O P) is swallowed up to its final byte, so its
 *			tail never turns into text
 *	anything else	dropped, reported as a bad byte
 */
#include <linux/errno.h>
#include <linux/types.h>

#include "lineedit.h"

enum {
	LE_ESC_NONE,
	LE_ESC_START,	/* after ESC */
	LE_ESC_CSI,	/* after ESC [: parameters until a final byte */
	LE_ESC_SS3,	/* after ESC O: one more byte */
};

void le_init(struct lineedit *le)
{
	le->len = 0;
	le->buf[0] = '\0';
	le->esc = LE_ESC_NONE;
	le->bad = 0;
	le->overlong = false;
	le->after_cr = false;
	le->done = false;
	le->echo_len = 0;
}

/* true when @c belongs to the escape sequence in progress */
static bool le_swallow_escape(struct lineedit *le, u8 c)
{
	switch (le->esc) {
	case LE_ESC_START:
		if (c < 0x20 || c > 0x7e)
			break;
		le->esc = c == '[' ? LE_ESC_CSI :
			  c == 'O' ? LE_ESC_SS3 : LE_ESC_NONE;
		return true;
	case LE_ESC_CSI:
		if (c >= 0x20 && c <= 0x3f)	/* parameter, intermediate */
			return true;
		if (c >= 0x40 && c <= 0x7e) {	/* final byte */
			le->esc = LE_ESC_NONE;
			return true;
		}
		break;
	case LE_ESC_SS3:
		if (c < 0x20 || c > 0x7e)
			break;
		le->esc = LE_ESC_NONE;
		return true;
	default:
		return false;
	}
	/* a control byte cuts a broken sequence short: treat it normally */
	le->esc = LE_ESC_NONE;
	return false;
}

static enum le_event le_end_line(struct lineedit *le)
{
	le->done = true;
	le->buf[le->len] = '\0';
	return le->overlong ? LE_TOO_LONG : LE_LINE;
}

/**
 * le_feed() - take one input byte
 * @le: the editor
 * @c: the byte
 *
 * Returns what happened; le->echo holds what to send back to the terminal.
 * After LE_LINE the line is in le->buf until the next call.
 */
enum le_event le_feed(struct lineedit *le, u8 c)
{
	bool crlf = c == '\n' && le->after_cr;

	le->echo_len = 0;
	le->after_cr = c == '\r';
	if (le->done) {
		le->done = false;
		le->len = 0;
		le->overlong = false;
		le->buf[0] = '\0';
	}
	if (le_swallow_escape(le, c))
		return LE_NONE;

	if (c == '\r' || c == '\n')
		return crlf ? LE_NONE : le_end_line(le);
	if (c == 0x08 || c == 0x7f) {
		if (le->len && !le->overlong) {
			le->len--;
			le->echo[0] = '\b';
			le->echo[1] = ' ';
			le->echo[2] = '\b';
			le->echo_len = 3;
		}
		return LE_NONE;
	}
	if (c == 0x1b) {
		le->esc = LE_ESC_START;
		return LE_ESCAPE;
	}
	if (c < 0x20 || c > 0x7e) {
		le->bad = c;
		return LE_BAD_BYTE;
	}
	if (le->overlong)
		return LE_NONE;
	if (le->len == LE_LINE_MAX) {
		le->overlong = true;
		return LE_NONE;
	}
	le->buf[le->len++] = c;
	le->buf[le->len] = '\0';
	le->echo[0] = c;
	le->echo_len = 1;
	return LE_NONE;
}

/**
 * shell_split_args() - split a command line into arguments, in place
 * @line: the line; spaces and tabs separate arguments, double quotes
 *	group (and are removed), and inside quotes \" and \\ stand for
 *	" and \
 * @argv: receives pointers into @line
 * @max: size of @argv
 *
 * Returns the number of arguments, -E2BIG for more than @max, -EINVAL for
 * an unterminated quote.
 */
int shell_split_args(char *line, char **argv, int max)
{
	char *r = line, *w = line;
	int argc = 0;
	bool quoted;

	for (;;) {
		while (*r == ' ' || *r == '\t')
			r++;
		if (!*r)
			return argc;
		if (argc == max)
			return -E2BIG;
		argv[argc++] = w;
		quoted = false;
		while (*r && (quoted || (*r != ' ' && *r != '\t'))) {
			if (*r == '"') {
				quoted = !quoted;
				r++;
				continue;
			}
			if (quoted && *r == '\\' && (r[1] == '"' || r[1] == '\\'))
				r++;
			*w++ = *r++;
		}
		if (quoted)
			return -EINVAL;
		if (*r)
			r++;
		*w++ = '\0';
	}
}

/**
 * shell_next_command() - take the next command of a ';'-separated script
 * @script: cursor into the script, modified in place; NULL when done
 *
 * A ';' inside double quotes does not separate.  Surrounding blanks are
 * trimmed and empty commands skipped.  Returns the command or NULL.
 */
char *shell_next_command(char **script)
{
	char *s = *script, *start, *end;
	bool quoted = false;

	while (s) {
		while (*s == ' ' || *s == '\t')
			s++;
		start = s;
		while (*s && (quoted || *s != ';')) {
			if (*s == '"')
				quoted = !quoted;
			s++;
		}
		end = s;
		if (*s)
			*s++ = '\0';
		else
			s = NULL;
		while (end > start && (end[-1] == ' ' || end[-1] == '\t'))
			*--end = '\0';
		if (*start) {
			*script = s;
			return start;
		}
	}
	*script = NULL;
	return NULL;
}
