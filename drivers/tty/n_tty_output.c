// SPDX-License-Identifier: GPL-2.0
/*
 * N_TTY's output side: output processing (OPOST) of written bytes and of
 * echo, as Linux's do_output_char(), keeping the cursor's column, and the
 * echo of input and of erasure, which needs that column for tabs.
 */
#include "n_tty_internal.h"

static void emit(struct n_tty_data *ld, const char *s, size_t n)
{
	if (n && ld->out.write)
		ld->out.write(ld->out.ctx, (const unsigned char *)s, n);
}

/* one byte through OPOST, tracking the column as Linux's do_output_char() */
void n_tty_output_char(struct n_tty_data *ld, unsigned char c)
{
	if (!O_FLAG(ld, OPOST)) {
		emit(ld, (const char *)&c, 1);
		return;
	}
	switch (c) {
	case '\n':
		if (O_FLAG(ld, ONLRET))
			ld->column = 0;
		if (O_FLAG(ld, ONLCR)) {
			ld->column = ld->canon_column = 0;
			emit(ld, "\r\n", 2);
			return;
		}
		ld->canon_column = ld->column;
		break;
	case '\r':
		if (O_FLAG(ld, ONOCR) && ld->column == 0)
			return;
		if (O_FLAG(ld, OCRNL)) {
			c = '\n';
			if (O_FLAG(ld, ONLRET))
				ld->canon_column = ld->column = 0;
			break;
		}
		ld->canon_column = ld->column = 0;
		break;
	case '\t':
		ld->column = (ld->column | 7) + 1;
		break;
	case '\b':
		if (ld->column > 0)
			ld->column--;
		break;
	default:
		if (n_tty_iscntrl(c))
			break;
		if (O_FLAG(ld, OLCUC) && c >= 'a' && c <= 'z')
			c -= 'a' - 'A';
		if (!n_tty_utf8_cont(ld, c))
			ld->column++;
		break;
	}
	emit(ld, (const char *)&c, 1);
}

void n_tty_output_str(struct n_tty_data *ld, const char *s)
{
	while (*s)
		n_tty_output_char(ld, *s++);
}

/**
 * n_tty_write() - process output (OPOST) and hand it to the driver
 * @ld: the line discipline
 * @s: the bytes a writer gave
 * @n: how many
 */
void n_tty_write(struct n_tty_data *ld, const unsigned char *s, size_t n)
{
	while (n--)
		n_tty_output_char(ld, *s++);
}

/* ECHOCTL shows a control character as ^X: '^' and the byte xor 0x40 */
void n_tty_echo_char(struct n_tty_data *ld, unsigned char c)
{
	if (!L_FLAG(ld, ECHO))
		return;
	if (L_FLAG(ld, ECHOCTL) && n_tty_iscntrl(c) && c != '\t' &&
	    c != '\n') {
		n_tty_output_char(ld, '^');
		n_tty_output_char(ld, c ^ 0100);
		return;
	}
	n_tty_output_char(ld, c);
}

/* the column where the byte at @end would be drawn, from the line start */
static unsigned int line_column(const struct n_tty_data *ld, unsigned int end)
{
	unsigned int col = ld->canon_column, i;
	unsigned char c;

	for (i = ld->canon_head; i != end; i++) {
		c = n_tty_char_at(ld, i);
		if (c == '\t')
			col = (col | 7) + 1;
		else if (n_tty_iscntrl(c))
			col += L_FLAG(ld, ECHOCTL) ? 2 : 0;
		else if (!n_tty_utf8_cont(ld, c))
			col++;
	}
	return col;
}

/* ECHOE: take the byte at @i off the screen */
void n_tty_echo_erase(struct n_tty_data *ld, unsigned int i)
{
	unsigned char c = n_tty_char_at(ld, i);
	unsigned int from, to;

	if (c == '\t') {
		from = line_column(ld, i);
		to = (from | 7) + 1;
		while (to-- > from)
			n_tty_output_char(ld, '\b');
		return;
	}
	if (n_tty_utf8_cont(ld, c))
		return;
	if (n_tty_iscntrl(c)) {
		if (L_FLAG(ld, ECHOCTL))
			n_tty_output_str(ld, "\b \b\b \b");
		return;
	}
	n_tty_output_str(ld, "\b \b");
}
