/* SPDX-License-Identifier: GPL-2.0 */
/*
 * N_TTY, the line discipline between a terminal and its readers, as pure
 * logic: no hardware, locks, allocation or printing, so the same
 * drivers/tty/n_tty.c builds into the kernel and into the host tests
 * (tools/testing/unit/test_n_tty.c).  The caller (drivers/tty/tty_io.c)
 * serialises every call on one struct n_tty_data, and waits, delivers
 * signals and drives the UART.  The rules are Linux 6.1's; the ones a
 * reader may not expect are in Documentation/driver-api/tty.rst.
 */
#ifndef _CACHET_LINUX_N_TTY_H
#define _CACHET_LINUX_N_TTY_H

#include <linux/types.h>
#include <uapi/asm-generic/termbits.h>

#define N_TTY_BUF_SIZE	4096	/* Linux's input buffer: a power of two */

/* signals the line discipline asks for: Linux x86-64's numbers */
#define N_TTY_SIGINT	2
#define N_TTY_SIGQUIT	3
#define N_TTY_SIGTSTP	20

/* where output and echo go, already processed (OPOST): the driver */
struct n_tty_sink {
	void (*write)(void *ctx, const unsigned char *s, size_t n);
	void *ctx;
};

struct n_tty_data {
	struct termios termios;
	struct n_tty_sink out;

	/*
	 * The input ring.  Indices run free (count = head - tail) and are
	 * masked on use.  [tail, canon_head) holds completed lines (all of
	 * the data when not canonical), [canon_head, head) the line being
	 * edited.  eol marks each byte that ends a line: '\n', VEOL, VEOL2,
	 * or a VEOF, stored as a 0 that a read drops.
	 */
	unsigned char buf[N_TTY_BUF_SIZE];
	unsigned char eol[N_TTY_BUF_SIZE / 8];
	unsigned int head, tail, canon_head;

	bool lnext;		/* the next byte is taken literally (VLNEXT) */
	bool line_partial;	/* a read stopped inside the current line */
	bool stopped;		/* output stopped by VSTOP (IXON) */
	unsigned int column;	/* the cursor's column, as output moved it */
	unsigned int canon_column; /* the column where the edited line began */
	unsigned long dropped;	/* input bytes lost to a full buffer */
};

void n_tty_init(struct n_tty_data *ld, const struct n_tty_sink *out);
void n_tty_default_termios(struct termios *t);
void n_tty_set_termios(struct n_tty_data *ld, const struct termios *t);
int n_tty_receive_char(struct n_tty_data *ld, unsigned char c);
void n_tty_flush_input(struct n_tty_data *ld);

size_t n_tty_inq(const struct n_tty_data *ld);
bool n_tty_input_available(const struct n_tty_data *ld);
ssize_t n_tty_read(struct n_tty_data *ld, unsigned char *buf, size_t nr);

/* what a read that has @copied of @nr bytes does next */
struct n_tty_wait {
	bool done;		/* return what was copied */
	unsigned int timeout_ds; /* else wait for input: 0 forever, or this
				  * many tenths of a second (VTIME) */
};

struct n_tty_wait n_tty_read_wait(const struct n_tty_data *ld, size_t nr,
				  size_t copied, bool timed_out);

void n_tty_write(struct n_tty_data *ld, const unsigned char *s, size_t n);

#endif /* _CACHET_LINUX_N_TTY_H */
