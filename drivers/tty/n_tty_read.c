// SPDX-License-Identifier: GPL-2.0
/*
 * N_TTY's reading side: what a reader can have (FIONREAD, poll), taking
 * it out of the ring a line at a time when canonical, and Linux's
 * VMIN/VTIME rules as "return now, or wait this long" for the tty layer.
 */
#include <linux/errno.h>
#include "n_tty_internal.h"

/* canonical: bytes of complete lines, without the VEOF marks (FIONREAD) */
static size_t inq_canon(const struct n_tty_data *ld)
{
	size_t n = 0;
	unsigned int i;

	for (i = ld->tail; i != ld->canon_head; i++)
		if (!n_tty_is_eol(ld, i) ||
		    n_tty_char_at(ld, i) != N_TTY_EOF_MARK)
			n++;
	return n;
}

/**
 * n_tty_inq() - bytes a reader can have now (FIONREAD)
 * @ld: the line discipline
 */
size_t n_tty_inq(const struct n_tty_data *ld)
{
	return L_FLAG(ld, ICANON) ? inq_canon(ld) : n_tty_read_cnt(ld);
}

/**
 * n_tty_input_available() - would a read return without waiting (poll)
 * @ld: the line discipline
 *
 * Canonical: a complete line (or VEOF) is there.  Otherwise VMIN bytes
 * when VTIME is 0 and VMIN is not, else one byte, as Linux's
 * input_available_p() for poll.
 */
bool n_tty_input_available(const struct n_tty_data *ld)
{
	unsigned int min = ld->termios.c_cc[VMIN];

	if (L_FLAG(ld, ICANON))
		return ld->canon_head != ld->tail;
	if (!min || ld->termios.c_cc[VTIME])
		min = 1;
	return n_tty_read_cnt(ld) >= min;
}

static ssize_t read_canon(struct n_tty_data *ld, unsigned char *buf, size_t nr)
{
	size_t n = 0;
	unsigned char c;
	bool end, skip;

	while (ld->tail != ld->canon_head && n < nr) {
		c = n_tty_char_at(ld, ld->tail);
		end = n_tty_is_eol(ld, ld->tail);
		ld->tail++;
		if (end && c == N_TTY_EOF_MARK) {
			/* VEOF ending a line already partly read is no EOF */
			skip = !n && ld->line_partial;
			ld->line_partial = false;
			if (skip)
				continue;
			return n;
		}
		buf[n++] = c;
		if (end) {
			ld->line_partial = false;
			return n;
		}
	}
	if (!n)
		return -EAGAIN;
	ld->line_partial = true;
	return n;
}

/**
 * n_tty_read() - take input for a reader
 * @ld: the line discipline
 * @buf: where to copy
 * @nr: its size, > 0
 *
 * Canonical mode returns at most one line: its bytes up to and including
 * the newline (VEOL, VEOL2), or up to a VEOF, which is consumed and not
 * returned.  Returns the bytes copied, 0 for end of file (VEOF at the
 * start of a line), or -EAGAIN when nothing is there to read yet.
 */
ssize_t n_tty_read(struct n_tty_data *ld, unsigned char *buf, size_t nr)
{
	size_t n = 0;

	if (!nr)
		return 0;
	if (L_FLAG(ld, ICANON))
		return read_canon(ld, buf, nr);
	while (ld->tail != ld->head && n < nr)
		buf[n++] = n_tty_char_at(ld, ld->tail++);
	if (ld->tail == ld->head)
		ld->canon_head = ld->head;
	return n ? (ssize_t)n : -EAGAIN;
}

/**
 * n_tty_read_wait() - does a read return now, or wait, and how long
 * @ld: the line discipline
 * @nr: the bytes the reader asked for
 * @copied: the bytes it has been given so far
 * @timed_out: the last wait ran out its timeout
 *
 * Canonical reads wait for a line.  Otherwise Linux's VMIN/VTIME:
 * MIN 0 TIME 0 never waits; MIN 0 TIME t waits t tenths of a second for
 * a byte; MIN m TIME 0 waits for min(m, nr) bytes; MIN m TIME t waits for
 * a first byte without limit, then at most t after each byte for the
 * next, up to min(m, nr).
 */
struct n_tty_wait n_tty_read_wait(const struct n_tty_data *ld, size_t nr,
				  size_t copied, bool timed_out)
{
	struct n_tty_wait w = { .done = true, .timeout_ds = 0 };
	size_t min = ld->termios.c_cc[VMIN];
	unsigned int time = ld->termios.c_cc[VTIME];

	if (L_FLAG(ld, ICANON)) {
		w.done = copied > 0;
		return w;
	}
	if (min > nr)
		min = nr;
	if (!min) {
		w.done = !time || copied > 0 || timed_out;
		w.timeout_ds = time;
		return w;
	}
	w.done = copied >= min || (time && copied && timed_out);
	w.timeout_ds = copied ? time : 0;
	return w;
}
