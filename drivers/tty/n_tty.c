// SPDX-License-Identifier: GPL-2.0
/*
 * N_TTY: Linux's line discipline for what shells use, as pure logic.
 * This file is its input side and its state; n_tty_output.c has output
 * processing and echo, n_tty_read.c the reading rules.
 *
 * Input arrives a byte at a time from the driver (n_tty_receive_char()),
 * is edited in place when canonical (ICANON) and read by n_tty_read().
 * Echo and written data go through the same output processing (OPOST) to
 * the driver's sink, so the column the erase rules need is the one the
 * terminal shows.  Nothing here sleeps: a reader asks n_tty_read_wait()
 * what to wait for (VMIN/VTIME) and the tty layer waits.
 *
 * Buffer rule (Linux's, termios(3)): data bytes are kept while fewer than
 * N_TTY_BUF_SIZE - 1 bytes are buffered; in canonical mode a line end
 * still fits after that, so a line holds at most 4095 bytes plus its
 * newline and the terminal can always complete a line.  Bytes beyond are
 * dropped, not echoed, and counted.
 */
#include "n_tty_internal.h"

/* a special character matches @c; 0 (_POSIX_VDISABLE) matches nothing */
static bool is_cc(const struct n_tty_data *ld, unsigned char c, int idx)
{
	return c && ld->termios.c_cc[idx] == c;
}

/**
 * n_tty_default_termios() - Linux's termios for a serial console
 * @t: filled in
 *
 * tty_std_termios with the serial core's c_cflag for a console at
 * 115200 8N1 (uart_set_options(): CREAD, HUPCL and CLOCAL added).
 */
void n_tty_default_termios(struct termios *t)
{
	static const cc_t init_cc[NCCS] = {
		[VINTR] = 003, [VQUIT] = 034, [VERASE] = 0177,
		[VKILL] = 025, [VEOF] = 004, [VTIME] = 0, [VMIN] = 1,
		[VSTART] = 021, [VSTOP] = 023, [VSUSP] = 032,
		[VREPRINT] = 022, [VDISCARD] = 017, [VWERASE] = 027,
		[VLNEXT] = 026,
	};
	int i;

	t->c_iflag = ICRNL | IXON;
	t->c_oflag = OPOST | ONLCR;
	t->c_cflag = B115200 | CS8 | CREAD | HUPCL | CLOCAL;
	t->c_lflag = ISIG | ICANON | ECHO | ECHOE | ECHOK | ECHOCTL | ECHOKE |
		     IEXTEN;
	t->c_line = 0;
	for (i = 0; i < NCCS; i++)
		t->c_cc[i] = init_cc[i];
}

/**
 * n_tty_init() - an empty line discipline with the default termios
 * @ld: the state
 * @out: where processed output and echo go
 */
void n_tty_init(struct n_tty_data *ld, const struct n_tty_sink *out)
{
	unsigned int i;

	for (i = 0; i < sizeof(ld->eol); i++)
		ld->eol[i] = 0;
	ld->head = ld->tail = ld->canon_head = 0;
	ld->lnext = ld->line_partial = ld->stopped = false;
	ld->column = ld->canon_column = 0;
	ld->dropped = 0;
	ld->out = *out;
	n_tty_default_termios(&ld->termios);
}

static void set_eol(struct n_tty_data *ld, unsigned int i, bool on)
{
	if (on)
		ld->eol[N_TTY_MASK(i) / 8] |= 1U << (N_TTY_MASK(i) % 8);
	else
		ld->eol[N_TTY_MASK(i) / 8] &= ~(1U << (N_TTY_MASK(i) % 8));
}

/* --- line editing ------------------------------------------------------ */

enum kill_type { ERASE, WERASE, KILL };

static bool word_char(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z') || c == '_';
}

/* erase, word erase and kill in the edited line, as Linux's eraser() */
static void eraser(struct n_tty_data *ld, enum kill_type type, unsigned char c)
{
	bool echo = L_FLAG(ld, ECHO), seen_word = false;
	unsigned int i;
	unsigned char b;

	if (ld->head == ld->canon_head)
		return;		/* nothing to erase in this line */
	if (type == KILL && (!echo || !L_FLAG(ld, ECHOK) ||
			     !L_FLAG(ld, ECHOKE) || !L_FLAG(ld, ECHOE))) {
		ld->head = ld->canon_head;
		n_tty_echo_char(ld, c);
		if (echo && L_FLAG(ld, ECHOK))
			n_tty_output_char(ld, '\n');
		return;
	}
	if (type == ERASE && echo && !L_FLAG(ld, ECHOE)) {
		/* without ECHOE the erase character itself is shown */
		do {
			ld->head--;
		} while (ld->head != ld->canon_head &&
			 n_tty_utf8_cont(ld, n_tty_char_at(ld, ld->head)));
		n_tty_echo_char(ld, c);
		return;
	}
	while (ld->head != ld->canon_head) {
		i = ld->head - 1;
		b = n_tty_char_at(ld, i);
		if (type == WERASE) {
			if (word_char(b))
				seen_word = true;
			else if (seen_word)
				break;
		}
		ld->head = i;
		if (echo)
			n_tty_echo_erase(ld, i);
		if (type == ERASE && !n_tty_utf8_cont(ld, b))
			break;
	}
}

/* --- input ------------------------------------------------------------- */

static bool put_char(struct n_tty_data *ld, unsigned char c, bool line_end)
{
	unsigned int limit = N_TTY_BUF_SIZE - (line_end ? 0 : 1);

	if (n_tty_read_cnt(ld) >= limit) {
		ld->dropped++;
		return false;
	}
	if (ld->head == ld->canon_head)
		ld->canon_column = ld->column;
	set_eol(ld, ld->head, line_end);
	ld->buf[N_TTY_MASK(ld->head)] = c;
	ld->head++;
	return true;
}

/* data: stored (echoed if it fit) */
static void receive_data(struct n_tty_data *ld, unsigned char c)
{
	bool icanon = L_FLAG(ld, ICANON);

	if (put_char(ld, c, false)) {
		if (!icanon)
			ld->canon_head = ld->head;
		n_tty_echo_char(ld, c);
	}
}

/* a byte that completes the edited line: newline, VEOL, VEOL2 or VEOF */
static void receive_line_end(struct n_tty_data *ld, unsigned char c, bool eof)
{
	if (!put_char(ld, eof ? N_TTY_EOF_MARK : c, true))
		return;
	ld->canon_head = ld->head;
	if (eof)
		return;		/* Linux does not echo VEOF */
	if (c == '\n') {
		if (L_FLAG(ld, ECHO) || L_FLAG(ld, ECHONL))
			n_tty_output_char(ld, '\n');
	} else {
		n_tty_echo_char(ld, c);
	}
}

/**
 * n_tty_flush_input() - drop all buffered input (TCIFLUSH, a signal)
 * @ld: the line discipline
 */
void n_tty_flush_input(struct n_tty_data *ld)
{
	ld->head = ld->tail = ld->canon_head = 0;
	ld->lnext = ld->line_partial = false;
}

static int receive_signal(struct n_tty_data *ld, unsigned char c, int sig)
{
	if (!L_FLAG(ld, NOFLSH))
		n_tty_flush_input(ld);
	if (I_FLAG(ld, IXON))
		ld->stopped = false;
	n_tty_echo_char(ld, c);
	return sig;
}

/* ISIG, IXON and canonical editing: true if @c was consumed */
static bool receive_special(struct n_tty_data *ld, unsigned char c, int *sig)
{
	bool iexten = L_FLAG(ld, IEXTEN);

	if (L_FLAG(ld, ISIG)) {
		if (is_cc(ld, c, VINTR))
			*sig = receive_signal(ld, c, N_TTY_SIGINT);
		else if (is_cc(ld, c, VQUIT))
			*sig = receive_signal(ld, c, N_TTY_SIGQUIT);
		else if (is_cc(ld, c, VSUSP))
			*sig = receive_signal(ld, c, N_TTY_SIGTSTP);
		if (*sig)
			return true;
	}
	if (I_FLAG(ld, IXON)) {
		if (is_cc(ld, c, VSTART) || is_cc(ld, c, VSTOP)) {
			ld->stopped = is_cc(ld, c, VSTOP);
			return true;
		}
	}
	if (iexten && is_cc(ld, c, VLNEXT)) {
		ld->lnext = true;
		if (L_FLAG(ld, ECHO) && L_FLAG(ld, ECHOCTL))
			n_tty_output_str(ld, "^\b");
		return true;
	}
	if (!L_FLAG(ld, ICANON))
		return false;
	if (is_cc(ld, c, VERASE))
		eraser(ld, ERASE, c);
	else if (is_cc(ld, c, VKILL))
		eraser(ld, KILL, c);
	else if (iexten && is_cc(ld, c, VWERASE))
		eraser(ld, WERASE, c);
	else if (c == '\n' || is_cc(ld, c, VEOL) ||
		 (iexten && is_cc(ld, c, VEOL2)))
		receive_line_end(ld, c, false);
	else if (is_cc(ld, c, VEOF))
		receive_line_end(ld, c, true);
	else
		return false;
	return true;
}

/**
 * n_tty_receive_char() - one byte from the terminal
 * @ld: the line discipline
 * @c: the byte, as the UART received it
 *
 * Applies input processing, line editing and echo.  Returns 0, or the
 * signal (N_TTY_SIGINT, N_TTY_SIGQUIT, N_TTY_SIGTSTP) the caller must
 * send to the terminal's foreground process group; unless NOFLSH the
 * input has then been flushed, as in Linux.
 */
int n_tty_receive_char(struct n_tty_data *ld, unsigned char c)
{
	int sig = 0;

	if (I_FLAG(ld, ISTRIP))
		c &= 0x7f;
	if (ld->lnext) {
		ld->lnext = false;
		receive_data(ld, c);
		return 0;
	}
	if (c == '\r') {
		if (I_FLAG(ld, IGNCR))
			return 0;
		if (I_FLAG(ld, ICRNL))
			c = '\n';
	} else if (c == '\n' && I_FLAG(ld, INLCR)) {
		c = '\r';
	}
	if (!receive_special(ld, c, &sig))
		receive_data(ld, c);
	return sig;
}

/**
 * n_tty_set_termios() - new attributes (TCSETS)
 * @ld: the line discipline
 * @t: the attributes; taken as they are, as Linux does
 *
 * Leaving canonical mode makes the edited line readable; entering it
 * makes what is buffered one line, so no byte is lost either way.
 */
void n_tty_set_termios(struct n_tty_data *ld, const struct termios *t)
{
	bool was_canon = L_FLAG(ld, ICANON);

	ld->termios = *t;
	if (was_canon == !!L_FLAG(ld, ICANON))
		return;
	if (!L_FLAG(ld, ICANON)) {
		ld->canon_head = ld->head;
	} else if (n_tty_read_cnt(ld)) {
		set_eol(ld, ld->head - 1, true);
		ld->canon_head = ld->head;
	}
	ld->lnext = false;
}
