/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of the N_TTY line discipline share (n_tty.c: input and
 * editing, n_tty_output.c: output processing and echo, n_tty_read.c:
 * reading): the ring's accessors and the output and echo steps.  Pure,
 * like them.
 */
#ifndef _DRIVERS_TTY_N_TTY_INTERNAL_H
#define _DRIVERS_TTY_N_TTY_INTERNAL_H

#include <linux/n_tty.h>

#define N_TTY_MASK(i)	((i) & (N_TTY_BUF_SIZE - 1))
#define N_TTY_EOF_MARK	0	/* Linux's __DISABLED_CHAR */

#define I_FLAG(ld, f)	((ld)->termios.c_iflag & (f))
#define O_FLAG(ld, f)	((ld)->termios.c_oflag & (f))
#define L_FLAG(ld, f)	((ld)->termios.c_lflag & (f))

/* Linux's ctype: 0-31, 127 and 128-159 are control characters */
static inline bool n_tty_iscntrl(unsigned char c)
{
	return c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0);
}

static inline bool n_tty_utf8_cont(const struct n_tty_data *ld,
				   unsigned char c)
{
	return I_FLAG(ld, IUTF8) && (c & 0xc0) == 0x80;
}

static inline unsigned int n_tty_read_cnt(const struct n_tty_data *ld)
{
	return ld->head - ld->tail;
}

static inline bool n_tty_is_eol(const struct n_tty_data *ld, unsigned int i)
{
	return ld->eol[N_TTY_MASK(i) / 8] & (1U << (N_TTY_MASK(i) % 8));
}

static inline unsigned char n_tty_char_at(const struct n_tty_data *ld,
					  unsigned int i)
{
	return ld->buf[N_TTY_MASK(i)];
}

/* n_tty_output.c */
void n_tty_output_char(struct n_tty_data *ld, unsigned char c);
void n_tty_output_str(struct n_tty_data *ld, const char *s);
void n_tty_echo_char(struct n_tty_data *ld, unsigned char c);
void n_tty_echo_erase(struct n_tty_data *ld, unsigned int i);

#endif /* _DRIVERS_TTY_N_TTY_INTERNAL_H */
