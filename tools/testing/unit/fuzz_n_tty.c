// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target of drivers/tty/n_tty.c.  The first four bytes choose
 * the input, local and output modes; the rest is typed, and a byte whose
 * low three bits are zero is also a read of a size it gives.  Bytes 0xfe
 * flip ICANON.  After every step the buffer's indices must be in order
 * and no read may return more than asked.  At the end every byte
 * n_tty_inq() promised must come out of reads before one says -EAGAIN.
 */
#include <stdint.h>
#include <stdlib.h>
#include <linux/errno.h>
#include <linux/n_tty.h>

static struct n_tty_data ld;
static size_t echoed;

static void sink(void *ctx, const unsigned char *s, size_t n)
{
	(void)ctx;
	if (!s && n)
		abort();
	echoed += n;
}

static tcflag_t pick(unsigned char bits, const tcflag_t *flags, int n)
{
	tcflag_t f = 0;
	int i;

	for (i = 0; i < n; i++)
		if (bits & (1U << i))
			f |= flags[i];
	return f;
}

static void check(void)
{
	if (ld.head - ld.tail > N_TTY_BUF_SIZE ||
	    ld.canon_head - ld.tail > ld.head - ld.tail)
		abort();
}

static ssize_t do_read(size_t nr)
{
	static unsigned char buf[N_TTY_BUF_SIZE + 1];
	ssize_t r = n_tty_read(&ld, buf, nr);

	if (r != -EAGAIN && (r < 0 || (size_t)r > nr))
		abort();
	check();
	return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)
{
	static const tcflag_t iflags[] = { ICRNL, INLCR, IGNCR, ISTRIP,
					   IXON, IUTF8 };
	static const tcflag_t lflags[] = { ISIG, ICANON, ECHO, ECHOE, ECHOK,
					   ECHONL, NOFLSH, ECHOCTL, ECHOKE,
					   IEXTEN };
	static const tcflag_t oflags[] = { OPOST, ONLCR, OCRNL, ONOCR,
					   ONLRET, OLCUC };
	struct n_tty_sink out = { sink, NULL };
	struct termios t;
	size_t i, promised, got = 0;
	ssize_t r;
	int guard;

	if (n < 4)
		return 0;
	n_tty_init(&ld, &out);
	t = ld.termios;
	t.c_iflag = pick(d[0], iflags, 6);
	t.c_lflag = pick(d[1], lflags, 8) | pick(d[2] & 3, lflags + 8, 2);
	t.c_oflag = pick(d[3], oflags, 6);
	t.c_cc[VMIN] = d[2] >> 4;
	n_tty_set_termios(&ld, &t);
	for (i = 4; i < n; i++) {
		if (d[i] == 0xfe) {
			t.c_lflag ^= ICANON;
			n_tty_set_termios(&ld, &t);
		}
		n_tty_receive_char(&ld, d[i]);
		check();
		if (!(d[i] & 7))
			do_read((d[i] >> 3) + 1);
	}
	promised = n_tty_inq(&ld);
	for (guard = 0; guard < 2 * N_TTY_BUF_SIZE + 2; guard++) {
		r = do_read(N_TTY_BUF_SIZE + 1);
		if (r == -EAGAIN)
			break;
		got += r;
	}
	if (got != promised)
		abort();
	return 0;
}
