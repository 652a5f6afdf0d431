// SPDX-License-Identifier: GPL-2.0
/*
 * N_TTY: Linux's line discipline for what shells use, as pure logic.
 *
 * Input arrives a byte at a time from the driver (n_tty_receive_char()),
 * is edited in place when canonical (ICANON) and read by
 * n_tty_read().  Echo and written data go through the same output
 * processing (OPOST) to the driver's sink, so the column the erase rules
 * need is the one the terminal shows.  Nothing here sleeps: a reader asks
 * n_tty_read_wait() what to wait for (VMIN/VTIME) and the tty layer waits.
 *
 * Buffer rule (Linux's, termios(3)): data bytes are kept while fewer than
 * N_TTY_BUF_SIZE - 1 bytes are buffered; in canonical mode a line end
 * still fits after that, so a line holds at most 4095 bytes plus its
 * newline and the terminal can always complete a line.  Bytes beyond are
 * dropped, not echoed, and counted.
 */
#include <linux/errno.h>
#include <linux/n_tty.h>

#define MASK(i)		((i) & (N_TTY_BUF_SIZE - 1))
#define EOF_MARK	0	/* Linux's __DISABLED_CHAR */

#define I_FLAG(ld, f)	((ld)->termios.c_iflag & (f))
#define O_FLAG(ld, f)	((ld)->termios.c_oflag & (f))
#define L_FLAG(ld, f)	((ld)->termios.c_lflag & (f))

/* Linux's ctype: 0-31, 127 and 128-159 are control characters */
static bool n_tty_iscntrl(unsigned char c)
{
	return c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0);
}

static bool utf8_continuation(const struct n_tty_data *ld, unsigned char c)
{
	return I_FLAG(ld, IUTF8) && (c & 0xc0) == 0x80;
}

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

static unsigned int read_cnt(const struct n_tty_data *ld)
{
	return ld->head - ld->tail;
}

static bool is_eol(const struct n_tty_data *ld, unsigned int i)
{
	return ld->eol[MASK(i) / 8] & (1U << (MASK(i) % 8));
}

static void set_eol(struct n_tty_data *ld, unsigned int i, bool on)
{
	if (on)
		ld->eol[MASK(i) / 8] |= 1U << (MASK(i) % 8);
	else
		ld->eol[MASK(i) / 8] &= ~(1U << (MASK(i) % 8));
}

static unsigned char char_at(const struct n_tty_data *ld, unsigned int i)
{
	return ld->buf[MASK(i)];
}

/* --- output ------------------------------------------------------------ */

static void emit(struct n_tty_data *ld, const char *s, size_t n)
{
	if (n && ld->out.write)
		ld->out.write(ld->out.ctx, (const unsigned char *)s, n);
}

/* one byte through OPOST, tracking the column as Linux's do_output_char() */
static void output_char(struct n_tty_data *ld, unsigned char c)
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
		if (!utf8_continuation(ld, c))
			ld->column++;
		break;
	}
	emit(ld, (const char *)&c, 1);
}

static void output_str(struct n_tty_data *ld, const char *s)
{
	while (*s)
		output_char(ld, *s++);
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
		output_char(ld, *s++);
}

/* --- echo -------------------------------------------------------------- */

/* ECHOCTL shows a control character as ^X: '^' and the byte xor 0x40 */
static void echo_char(struct n_tty_data *ld, unsigned char c)
{
	if (!L_FLAG(ld, ECHO))
		return;
	if (L_FLAG(ld, ECHOCTL) && n_tty_iscntrl(c) && c != '\t' &&
	    c != '\n') {
		output_char(ld, '^');
		output_char(ld, c ^ 0100);
		return;
	}
	output_char(ld, c);
}

/* the column where the byte at @end would be drawn, from the line start */
static unsigned int line_column(const struct n_tty_data *ld, unsigned int end)
{
	unsigned int col = ld->canon_column, i;
	unsigned char c;

	for (i = ld->canon_head; i != end; i++) {
		c = char_at(ld, i);
		if (c == '\t')
			col = (col | 7) + 1;
		else if (n_tty_iscntrl(c))
			col += L_FLAG(ld, ECHOCTL) ? 2 : 0;
		else if (!utf8_continuation(ld, c))
			col++;
	}
	return col;
}

/* ECHOE: take the byte at @i off the screen */
static void echo_erase_one(struct n_tty_data *ld, unsigned int i)
{
	unsigned char c = char_at(ld, i);
	unsigned int from, to;

	if (c == '\t') {
		from = line_column(ld, i);
		to = (from | 7) + 1;
		while (to-- > from)
			output_char(ld, '\b');
		return;
	}
	if (utf8_continuation(ld, c))
		return;
	if (n_tty_iscntrl(c)) {
		if (L_FLAG(ld, ECHOCTL))
			output_str(ld, "\b \b\b \b");
		return;
	}
	output_str(ld, "\b \b");
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
		echo_char(ld, c);
		if (echo && L_FLAG(ld, ECHOK))
			output_char(ld, '\n');
		return;
	}
	if (type == ERASE && echo && !L_FLAG(ld, ECHOE)) {
		/* without ECHOE the erase character itself is shown */
		do {
			ld->head--;
		} while (ld->head != ld->canon_head &&
			 utf8_continuation(ld, char_at(ld, ld->head)));
		echo_char(ld, c);
		return;
	}
	while (ld->head != ld->canon_head) {
		i = ld->head - 1;
		b = char_at(ld, i);
		if (type == WERASE) {
			if (word_char(b))
				seen_word = true;
			else if (seen_word)
				break;
		}
		ld->head = i;
		if (echo)
			echo_erase_one(ld, i);
		if (type == ERASE && !utf8_continuation(ld, b))
			break;
	}
}

/* --- input ------------------------------------------------------------- */

static bool put_char(struct n_tty_data *ld, unsigned char c, bool line_end)
{
	unsigned int limit = N_TTY_BUF_SIZE - (line_end ? 0 : 1);

	if (read_cnt(ld) >= limit) {
		ld->dropped++;
		return false;
	}
	if (ld->head == ld->canon_head)
		ld->canon_column = ld->column;
	set_eol(ld, ld->head, line_end);
	ld->buf[MASK(ld->head)] = c;
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
		echo_char(ld, c);
	}
}

/* a byte that completes the edited line: newline, VEOL, VEOL2 or VEOF */
static void receive_line_end(struct n_tty_data *ld, unsigned char c, bool eof)
{
	if (!put_char(ld, eof ? EOF_MARK : c, true))
		return;
	ld->canon_head = ld->head;
	if (eof)
		return;		/* Linux does not echo VEOF */
	if (c == '\n') {
		if (L_FLAG(ld, ECHO) || L_FLAG(ld, ECHONL))
			output_char(ld, '\n');
	} else {
		echo_char(ld, c);
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
	echo_char(ld, c);
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
			output_str(ld, "^\b");
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
	} else if (read_cnt(ld)) {
		set_eol(ld, ld->head - 1, true);
		ld->canon_head = ld->head;
	}
	ld->lnext = false;
}

/* --- reading ----------------------------------------------------------- */

/* canonical: bytes of complete lines, without the VEOF marks (FIONREAD) */
static size_t inq_canon(const struct n_tty_data *ld)
{
	size_t n = 0;
	unsigned int i;

	for (i = ld->tail; i != ld->canon_head; i++)
		if (!(is_eol(ld, i) && char_at(ld, i) == EOF_MARK))
			n++;
	return n;
}

/**
 * n_tty_inq() - bytes a reader can have now (FIONREAD)
 * @ld: the line discipline
 */
size_t n_tty_inq(const struct n_tty_data *ld)
{
	return L_FLAG(ld, ICANON) ? inq_canon(ld) : read_cnt(ld);
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
	return read_cnt(ld) >= min;
}

static ssize_t read_canon(struct n_tty_data *ld, unsigned char *buf, size_t nr)
{
	size_t n = 0;
	unsigned char c;
	bool end, skip;

	while (ld->tail != ld->canon_head && n < nr) {
		c = char_at(ld, ld->tail);
		end = is_eol(ld, ld->tail);
		ld->tail++;
		if (end && c == EOF_MARK) {
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
		buf[n++] = char_at(ld, ld->tail++);
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
