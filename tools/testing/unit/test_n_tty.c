// SPDX-License-Identifier: GPL-2.0
/*
 * drivers/tty/n_tty.c on the host: each rule of the line discipline
 * (Documentation/driver-api/tty.rst) with what a terminal would type, the
 * echo the terminal would see, and what a reader gets.  The termios
 * constants are checked against the host's Linux headers.
 */
#include <stdio.h>
#include <string.h>
#include <linux/errno.h>
#include <linux/n_tty.h>
#include <uapi/asm-generic/ioctls.h>
#include "n_tty_host.h"
#include "unit.h"

struct capture {
	unsigned char buf[65536];
	size_t n;
};

static struct capture out;
static struct n_tty_data ld;

static void capture_write(void *ctx, const unsigned char *s, size_t n)
{
	struct capture *c = ctx;

	if (c->n + n > sizeof(c->buf)) {
		EXPECT_FAIL("echo overflows the capture: %zu + %zu", c->n, n);
		return;
	}
	memcpy(c->buf + c->n, s, n);
	c->n += n;
}

static void setup(void)
{
	struct n_tty_sink sink = { capture_write, &out };

	out.n = 0;
	n_tty_init(&ld, &sink);
}

static int type(const char *s)
{
	int sig = 0, r;

	while (*s) {
		r = n_tty_receive_char(&ld, (unsigned char)*s++);
		if (r)
			sig = r;
	}
	return sig;
}

/* the echo so far, as a string, then forgotten */
static const char *echoed(void)
{
	static char s[sizeof(out.buf) + 1];

	memcpy(s, out.buf, out.n);
	s[out.n] = 0;
	out.n = 0;
	return s;
}

/* one read of at most @nr bytes, as a string; "<EAGAIN>" or "<EOF>" */
static const char *read_str(size_t nr)
{
	static unsigned char buf[8192];
	static char s[sizeof(buf) + 1];
	ssize_t r = n_tty_read(&ld, buf, nr);

	if (r == -EAGAIN)
		return "<EAGAIN>";
	if (r == 0)
		return "<EOF>";
	if (r < 0 || (size_t)r > nr)
		return "<BAD>";
	memcpy(s, buf, r);
	s[r] = 0;
	return s;
}

static void set_lflag(tcflag_t on, tcflag_t off)
{
	struct termios t = ld.termios;

	t.c_lflag = (t.c_lflag | on) & ~off;
	n_tty_set_termios(&ld, &t);
}

#define OUR(x)	{ #x, (unsigned long)(x) }

static const struct n_tty_fact ours[] = {
	{ "sizeof_termios", sizeof(struct termios) },
	{ "offsetof_c_line", offsetof(struct termios, c_line) },
	{ "offsetof_c_cc", offsetof(struct termios, c_cc) },
	{ "sizeof_winsize", sizeof(struct winsize) },
	OUR(NCCS), OUR(VINTR), OUR(VQUIT), OUR(VERASE), OUR(VKILL),
	OUR(VEOF), OUR(VTIME), OUR(VMIN), OUR(VSWTC), OUR(VSTART),
	OUR(VSTOP), OUR(VSUSP), OUR(VEOL), OUR(VREPRINT),
	OUR(VDISCARD), OUR(VWERASE), OUR(VLNEXT), OUR(VEOL2),
	OUR(IGNBRK), OUR(BRKINT), OUR(IGNPAR), OUR(PARMRK), OUR(INPCK),
	OUR(ISTRIP), OUR(INLCR), OUR(IGNCR), OUR(ICRNL), OUR(IUCLC),
	OUR(IXON), OUR(IXANY), OUR(IXOFF), OUR(IMAXBEL), OUR(IUTF8),
	OUR(OPOST), OUR(OLCUC), OUR(ONLCR), OUR(OCRNL), OUR(ONOCR),
	OUR(ONLRET), OUR(CBAUD), OUR(B9600), OUR(B38400), OUR(B115200),
	OUR(CSIZE), OUR(CS8), OUR(CSTOPB), OUR(CREAD), OUR(PARENB),
	OUR(HUPCL), OUR(CLOCAL), OUR(ISIG), OUR(ICANON), OUR(ECHO),
	OUR(ECHOE), OUR(ECHOK), OUR(ECHONL), OUR(NOFLSH), OUR(TOSTOP),
	OUR(ECHOCTL), OUR(ECHOPRT), OUR(ECHOKE), OUR(FLUSHO),
	OUR(PENDIN), OUR(IEXTEN), OUR(TCIFLUSH), OUR(TCOFLUSH),
	OUR(TCIOFLUSH), OUR(TCOOFF), OUR(TCOON), OUR(TCIOFF),
	OUR(TCION), OUR(TCGETS), OUR(TCSETS), OUR(TCSETSW),
	OUR(TCSETSF), OUR(TCSBRK), OUR(TCXONC), OUR(TCFLSH), OUR(TIOCSCTTY),
	OUR(TIOCGPGRP), OUR(TIOCSPGRP), OUR(TIOCGWINSZ), OUR(TIOCSWINSZ),
	OUR(FIONREAD), OUR(TIOCNOTTY), OUR(TIOCGSID),
	{ NULL, 0 }
};

UNIT_TEST(n_tty, constants_are_linux)
{
	const struct n_tty_fact *o, *l;
	int checked = 0;

	for (o = ours; o->name; o++) {
		for (l = n_tty_linux_facts; l->name; l++)
			if (!strcmp(l->name, o->name))
				break;
		if (!l->name) {
			EXPECT_FAIL("%s: not in the host's table", o->name);
			continue;
		}
		if (o->value != l->value)
			EXPECT_FAIL("%s: ours %#lx, Linux %#lx", o->name,
				    o->value, l->value);
		checked++;
	}
	EXPECT_EQ(checked, (int)(sizeof(ours) / sizeof(ours[0])) - 1);
}

/* Linux's ttyS0 console: tty_std_termios, cflag from uart_set_options() */
UNIT_TEST(n_tty, default_termios_is_linux_console)
{
	static const unsigned char cc[NCCS] =
		"\003\034\177\025\004\0\1\0\021\023\032\0\022\017\027\026\0";

	setup();
	EXPECT_EQ(ld.termios.c_iflag, 0x500);
	EXPECT_EQ(ld.termios.c_oflag, 0x5);
	EXPECT_EQ(ld.termios.c_cflag, 0x1cb2);
	EXPECT_EQ(ld.termios.c_lflag, 0x8a3b);
	EXPECT_EQ(ld.termios.c_line, 0);
	EXPECT_MEMEQ(ld.termios.c_cc, cc, NCCS);
}

UNIT_TEST(n_tty, canonical_line_with_echo_and_crnl)
{
	setup();
	EXPECT_EQ(type("abc"), 0);
	EXPECT_STREQ(read_str(100), "<EAGAIN>");
	EXPECT_FALSE(n_tty_input_available(&ld));
	type("\r");
	EXPECT_STREQ(echoed(), "abc\r\n");
	EXPECT_TRUE(n_tty_input_available(&ld));
	EXPECT_EQ(n_tty_inq(&ld), 4);
	EXPECT_STREQ(read_str(100), "abc\n");
	EXPECT_STREQ(read_str(100), "<EAGAIN>");
}

UNIT_TEST(n_tty, canonical_read_is_one_line_at_a_time)
{
	setup();
	type("one\ntwo\nthr");
	EXPECT_EQ(n_tty_inq(&ld), 8);	/* the edited line does not count */
	EXPECT_STREQ(read_str(2), "on");
	EXPECT_STREQ(read_str(100), "e\n");
	EXPECT_STREQ(read_str(100), "two\n");
	EXPECT_STREQ(read_str(100), "<EAGAIN>");
}

UNIT_TEST(n_tty, erase_with_echoe)
{
	setup();
	type("ab\177c\n");
	EXPECT_STREQ(echoed(), "ab\b \bc\r\n");
	EXPECT_STREQ(read_str(100), "ac\n");
}

UNIT_TEST(n_tty, erase_at_line_start_does_nothing)
{
	setup();
	type("x\n\177\177\025\027");
	EXPECT_STREQ(echoed(), "x\r\n");
	EXPECT_STREQ(read_str(100), "x\n");
	type("\177y\n");
	EXPECT_STREQ(read_str(100), "y\n");
}

UNIT_TEST(n_tty, erase_of_a_control_char_takes_two_columns)
{
	setup();
	type("a\001");
	EXPECT_STREQ(echoed(), "a^A");
	type("\177\n");
	EXPECT_STREQ(echoed(), "\b \b\b \b\r\n");
	EXPECT_STREQ(read_str(100), "a\n");
}

UNIT_TEST(n_tty, erase_of_a_tab_backs_up_to_its_column)
{
	setup();
	type("ab\t");
	EXPECT_STREQ(echoed(), "ab\t");
	EXPECT_EQ(ld.column, 8);
	type("\177");
	EXPECT_STREQ(echoed(), "\b\b\b\b\b\b");	/* columns 2..7 */
	EXPECT_EQ(ld.column, 2);
}

UNIT_TEST(n_tty, erase_without_echoe_shows_the_erase_char)
{
	setup();
	set_lflag(0, ECHOE);
	type("ab\177\n");
	EXPECT_STREQ(echoed(), "ab^?\r\n");
	EXPECT_STREQ(read_str(100), "a\n");
}

/* Linux erases with VERASE only: ^H is data until "stty erase ^H" */
UNIT_TEST(n_tty, backspace_erases_only_as_verase)
{
	struct termios t;

	setup();
	type("ab\b\n");
	EXPECT_STREQ(echoed(), "ab^H\r\n");
	EXPECT_STREQ(read_str(100), "ab\b\n");
	t = ld.termios;
	t.c_cc[VERASE] = '\b';
	n_tty_set_termios(&ld, &t);
	type("ab\b\n");
	EXPECT_STREQ(echoed(), "ab\b \b\r\n");
	EXPECT_STREQ(read_str(100), "a\n");
}

UNIT_TEST(n_tty, kill_with_echoke_erases_the_line)
{
	setup();
	type("abc\025");
	EXPECT_STREQ(echoed(), "abc\b \b\b \b\b \b");
	type("d\n");
	EXPECT_STREQ(read_str(100), "d\n");
}

UNIT_TEST(n_tty, kill_without_echoke_echoes_kill_and_newline)
{
	setup();
	set_lflag(0, ECHOKE);
	type("abc\025");
	EXPECT_STREQ(echoed(), "abc^U\r\n");
	type("d\n");
	EXPECT_STREQ(read_str(100), "d\n");
}

UNIT_TEST(n_tty, word_erase)
{
	setup();
	type("foo bar  \027");
	EXPECT_STREQ(echoed(), "foo bar  \b \b\b \b\b \b\b \b\b \b");
	type("\n");
	EXPECT_STREQ(read_str(100), "foo \n");
	type("a.b_c\027\n");
	EXPECT_STREQ(read_str(100), "a.\n");
	set_lflag(0, IEXTEN);		/* VWERASE needs IEXTEN */
	type("ab\027\n");
	EXPECT_STREQ(read_str(100), "ab\027\n");
}

UNIT_TEST(n_tty, eof_at_line_start_reads_zero)
{
	setup();
	type("\004");
	EXPECT_STREQ(echoed(), "");
	EXPECT_TRUE(n_tty_input_available(&ld));
	EXPECT_EQ(n_tty_inq(&ld), 0);
	EXPECT_STREQ(read_str(100), "<EOF>");
	EXPECT_STREQ(read_str(100), "<EAGAIN>");
}

UNIT_TEST(n_tty, eof_mid_line_returns_the_line_without_it)
{
	setup();
	type("ab\004cd\n");
	EXPECT_STREQ(echoed(), "abcd\r\n");
	EXPECT_EQ(n_tty_inq(&ld), 5);
	EXPECT_STREQ(read_str(100), "ab");
	EXPECT_STREQ(read_str(100), "cd\n");
}

UNIT_TEST(n_tty, eof_after_a_partly_read_line_is_no_eof)
{
	setup();
	type("abc\004");
	EXPECT_STREQ(read_str(2), "ab");
	EXPECT_STREQ(read_str(1), "c");
	EXPECT_STREQ(read_str(100), "<EAGAIN>");
	type("\004");
	EXPECT_STREQ(read_str(100), "<EOF>");
	/* the mark is skipped, and the next line read, in one read */
	type("abc\004de\n");
	EXPECT_STREQ(read_str(3), "abc");
	EXPECT_STREQ(read_str(100), "de\n");
}

UNIT_TEST(n_tty, intr_echoes_sends_sigint_and_flushes)
{
	setup();
	type("x\nab");
	EXPECT_EQ(type("\003"), N_TTY_SIGINT);
	EXPECT_STREQ(echoed(), "x\r\nab^C");
	EXPECT_EQ(n_tty_inq(&ld), 0);
	EXPECT_STREQ(read_str(100), "<EAGAIN>");
	type("c\n");
	EXPECT_STREQ(read_str(100), "c\n");
}

UNIT_TEST(n_tty, quit_and_susp)
{
	setup();
	EXPECT_EQ(type("\034"), N_TTY_SIGQUIT);
	EXPECT_STREQ(echoed(), "^\\");
	EXPECT_EQ(type("\032"), N_TTY_SIGTSTP);
	EXPECT_STREQ(echoed(), "^Z");
}

UNIT_TEST(n_tty, noflsh_keeps_the_input)
{
	setup();
	set_lflag(NOFLSH, 0);
	type("x\nab");
	EXPECT_EQ(type("\003"), N_TTY_SIGINT);
	type("\n");
	EXPECT_STREQ(read_str(100), "x\n");
	EXPECT_STREQ(read_str(100), "ab\n");
}

UNIT_TEST(n_tty, without_isig_signal_chars_are_data)
{
	setup();
	set_lflag(0, ISIG);
	EXPECT_EQ(type("\003\034\032\n"), 0);
	EXPECT_STREQ(echoed(), "^C^\\^Z\r\n");
	EXPECT_STREQ(read_str(100), "\003\034\032\n");
}

UNIT_TEST(n_tty, lnext_takes_the_next_byte_literally)
{
	setup();
	EXPECT_EQ(type("\026\003\026\177\n"), 0);
	EXPECT_STREQ(echoed(), "^\b^C^\b^?\r\n");
	EXPECT_STREQ(read_str(100), "\003\177\n");
}

UNIT_TEST(n_tty, output_processing)
{
	struct termios t;

	setup();
	n_tty_write(&ld, (const unsigned char *)"a\nb\r", 4);
	EXPECT_STREQ(echoed(), "a\r\nb\r");
	t = ld.termios;
	t.c_oflag &= ~ONLCR;
	n_tty_set_termios(&ld, &t);
	n_tty_write(&ld, (const unsigned char *)"a\n", 2);
	EXPECT_STREQ(echoed(), "a\n");
	t.c_oflag = ONLCR;		/* no OPOST: nothing is processed */
	n_tty_set_termios(&ld, &t);
	n_tty_write(&ld, (const unsigned char *)"a\n", 2);
	EXPECT_STREQ(echoed(), "a\n");
}

UNIT_TEST(n_tty, input_cr_nl_translation)
{
	struct termios t;

	setup();
	t = ld.termios;
	t.c_iflag &= ~ICRNL;
	n_tty_set_termios(&ld, &t);
	type("a\r");		/* a CR is data now: no line yet */
	EXPECT_STREQ(read_str(100), "<EAGAIN>");
	type("\n");
	EXPECT_STREQ(read_str(100), "a\r\n");
	t.c_iflag |= IGNCR;
	n_tty_set_termios(&ld, &t);
	type("b\r\n");
	EXPECT_STREQ(read_str(100), "b\n");
	t.c_iflag = INLCR;	/* NL becomes CR: data, no line end */
	n_tty_set_termios(&ld, &t);
	type("c\n");
	EXPECT_STREQ(read_str(100), "<EAGAIN>");
}

UNIT_TEST(n_tty, nul_and_8bit_bytes_are_data)
{
	setup();
	ld.termios.c_cc[VEOL] = 0;	/* disabled: NUL must not match it */
	n_tty_receive_char(&ld, 'a');
	n_tty_receive_char(&ld, 0);
	n_tty_receive_char(&ld, 0xe9);
	n_tty_receive_char(&ld, 0x85);
	EXPECT_STREQ(read_str(100), "<EAGAIN>");
	n_tty_receive_char(&ld, '\n');
	/* Linux's ctype counts 0x80-0x9f as control characters */
	EXPECT_EQ(out.n, 8);
	EXPECT_MEMEQ(out.buf, "a^@\xe9^\xc5\r\n", 8);
	EXPECT_EQ(n_tty_read(&ld, out.buf, 100), 5);
	EXPECT_MEMEQ(out.buf, "a\0\xe9\x85\n", 5);
}

UNIT_TEST(n_tty, ixon_start_stop_are_consumed)
{
	setup();
	type("a\023");
	EXPECT_TRUE(ld.stopped);
	type("\021\n");
	EXPECT_FALSE(ld.stopped);
	EXPECT_STREQ(read_str(100), "a\n");
}

UNIT_TEST(n_tty, full_canonical_line_keeps_room_for_its_newline)
{
	int i;

	setup();
	for (i = 0; i < 5000; i++)
		n_tty_receive_char(&ld, 'x');
	EXPECT_EQ(ld.dropped, 5000 - (N_TTY_BUF_SIZE - 1));
	EXPECT_EQ(out.n, N_TTY_BUF_SIZE - 1);	/* dropped bytes: no echo */
	n_tty_receive_char(&ld, '\177');	/* erase still works */
	n_tty_receive_char(&ld, 'y');
	n_tty_receive_char(&ld, '\n');
	EXPECT_EQ(n_tty_inq(&ld), N_TTY_BUF_SIZE);
	EXPECT_EQ(strlen(read_str(8192)), N_TTY_BUF_SIZE);
	type("z\n");		/* and the buffer works on */
	EXPECT_STREQ(read_str(100), "z\n");
}

UNIT_TEST(n_tty, full_buffer_of_lines_drops_input)
{
	int i;

	setup();
	for (i = 0; i < N_TTY_BUF_SIZE / 2; i++)
		type("a\n");		/* exactly full */
	EXPECT_EQ(ld.dropped, 0);
	type("b\n\004");
	EXPECT_EQ(ld.dropped, 3);
	EXPECT_EQ(n_tty_inq(&ld), N_TTY_BUF_SIZE);
	EXPECT_STREQ(read_str(100), "a\n");
	type("c\n");		/* two bytes free: a line fits */
	for (i = 0; i < N_TTY_BUF_SIZE / 2 - 1; i++)
		EXPECT_STREQ(read_str(100), "a\n");
	EXPECT_STREQ(read_str(100), "c\n");
	EXPECT_STREQ(read_str(100), "<EAGAIN>");
}

UNIT_TEST(n_tty, full_raw_buffer_keeps_4095_bytes)
{
	struct termios t;
	int i;

	setup();
	t = ld.termios;
	t.c_iflag = 0;		/* every byte is data */
	t.c_lflag = 0;
	n_tty_set_termios(&ld, &t);
	for (i = 0; i < 5000; i++)
		n_tty_receive_char(&ld, i & 0xff);
	EXPECT_EQ(n_tty_inq(&ld), N_TTY_BUF_SIZE - 1);
	EXPECT_EQ(ld.dropped, 5000 - (N_TTY_BUF_SIZE - 1));
	EXPECT_EQ(out.n, 0);
}

UNIT_TEST(n_tty, raw_mode_reads_what_is_there)
{
	setup();
	set_lflag(0, ICANON);
	type("ab\177\004\n");
	EXPECT_STREQ(echoed(), "ab^?^D\r\n");
	EXPECT_EQ(n_tty_inq(&ld), 5);
	EXPECT_STREQ(read_str(3), "ab\177");
	EXPECT_STREQ(read_str(100), "\004\n");
	EXPECT_STREQ(read_str(100), "<EAGAIN>");
}

UNIT_TEST(n_tty, leaving_and_entering_canonical_keeps_input)
{
	setup();
	type("abc");
	set_lflag(0, ICANON);
	EXPECT_TRUE(n_tty_input_available(&ld));
	EXPECT_STREQ(read_str(2), "ab");
	type("de");
	set_lflag(ICANON, 0);
	EXPECT_TRUE(n_tty_input_available(&ld));
	EXPECT_STREQ(read_str(100), "cde");
	type("f\n");
	EXPECT_STREQ(read_str(100), "f\n");
}

struct wait_case {
	int min, time;
	size_t nr, copied;
	bool timed_out;
	bool done;
	unsigned int timeout;
};

UNIT_TEST(n_tty, vmin_vtime_rules)
{
	static const struct wait_case cases[] = {
		/* MIN 0 TIME 0: never wait */
		{ 0, 0, 10, 0, false, true, 0 },
		/* MIN 0 TIME 5: wait 0.5 s for one byte */
		{ 0, 5, 10, 0, false, false, 5 },
		{ 0, 5, 10, 1, false, true, 5 },
		{ 0, 5, 10, 0, true, true, 5 },
		/* MIN 3 TIME 0: wait for 3 bytes, or nr if fewer */
		{ 3, 0, 10, 2, false, false, 0 },
		{ 3, 0, 10, 3, false, true, 0 },
		{ 3, 0, 2, 2, false, true, 0 },
		/* MIN 3 TIME 2: first byte without limit, then 0.2 s */
		{ 3, 2, 10, 0, false, false, 0 },
		{ 3, 2, 10, 0, true, false, 0 },
		{ 3, 2, 10, 1, false, false, 2 },
		{ 3, 2, 10, 1, true, true, 2 },
		{ 3, 2, 10, 3, false, true, 2 },
	};
	struct n_tty_wait w;
	unsigned int i;

	setup();
	set_lflag(0, ICANON);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ld.termios.c_cc[VMIN] = cases[i].min;
		ld.termios.c_cc[VTIME] = cases[i].time;
		w = n_tty_read_wait(&ld, cases[i].nr, cases[i].copied,
				    cases[i].timed_out);
		if (w.done != cases[i].done ||
		    (!w.done && w.timeout_ds != cases[i].timeout))
			EXPECT_FAIL("case %u: done %d timeout %u", i, w.done,
				    w.timeout_ds);
	}
	set_lflag(ICANON, 0);
	w = n_tty_read_wait(&ld, 10, 0, true);
	EXPECT_FALSE(w.done);
	EXPECT_EQ(w.timeout_ds, 0);
}

UNIT_TEST(n_tty, poll_readiness_follows_vmin)
{
	setup();
	set_lflag(0, ICANON);
	ld.termios.c_cc[VMIN] = 3;
	ld.termios.c_cc[VTIME] = 0;
	type("ab");
	EXPECT_FALSE(n_tty_input_available(&ld));
	type("c");
	EXPECT_TRUE(n_tty_input_available(&ld));
}
