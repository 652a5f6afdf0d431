// SPDX-License-Identifier: GPL-2.0
/*
 * The tty layer: locking, waiting and signals around the line discipline
 * (drivers/tty/n_tty.c), with a device driver below.
 *
 * tty->lock guards the line discipline and the job-control state.  The
 * driver's receive path (an interrupt, or a waiting reader's poll) calls
 * tty_receive() and readers and writers call in from process context, so
 * the lock is taken with interrupts off.  The line discipline's output
 * (written data and echo) is gathered in tty->xmit and handed to the
 * driver a buffer at a time, so a console driver can write each buffer
 * whole, between two kernel messages, never across one.
 *
 * Signals the line discipline asks for are sent after the lock is
 * dropped, through tty_kill_pgrp, which kernel/signal.c will provide.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/tty.h>

void (*tty_kill_pgrp)(int pgrp, int sig);

static struct tty_struct *console_tty;

/* the line discipline's sink: gather, and hand over when full */
static void tty_flush_xmit(struct tty_struct *tty)
{
	if (tty->xmit_len && tty->ops->write)
		tty->ops->write(tty, tty->xmit, tty->xmit_len);
	tty->xmit_len = 0;
}

static void tty_ldisc_output(void *ctx, const unsigned char *s, size_t n)
{
	struct tty_struct *tty = ctx;

	while (n--) {
		if (tty->xmit_len == sizeof(tty->xmit))
			tty_flush_xmit(tty);
		tty->xmit[tty->xmit_len++] = *s++;
	}
}

/**
 * tty_init() - set up a tty for a driver
 * @tty: the tty (static storage: ttys live as long as their devices)
 * @name: its name, "ttyS0"
 * @ops: the driver's operations
 * @driver_data: the driver's
 *
 * The termios is Linux's for a serial console, the window size 0x0 as on
 * Linux's ttyS0.
 */
void tty_init(struct tty_struct *tty, const char *name,
	      const struct tty_operations *ops, void *driver_data)
{
	struct n_tty_sink sink = { tty_ldisc_output, tty };

	tty->name = name;
	tty->ops = ops;
	tty->driver_data = driver_data;
	spin_lock_init(&tty->lock);
	n_tty_init(&tty->ldisc, &sink);
	tty->xmit_len = 0;
	tty->winsize = (struct winsize){ 0 };
	tty->pgrp = tty->session = 0;
	tty->count = 0;
	tty->rx_interrupt = false;
	tty_wait_queue_init(&tty->read_wait);
}

/**
 * tty_set_rx_interrupt() - say whether input arrives by interrupt
 * @tty: the tty
 * @on: true once the driver's receive interrupt is routed
 *
 * With it, readers sleep until tty_receive() wakes them; without it they
 * wake every tick to call the driver's poll.
 */
void tty_set_rx_interrupt(struct tty_struct *tty, bool on)
{
	WRITE_ONCE(tty->rx_interrupt, on);
}

/* send @sig to @pgrp, with no tty lock held */
void tty_signal_pgrp(int pgrp, int sig)
{
	void (*kill)(int pgrp, int sig) = READ_ONCE(tty_kill_pgrp);

	if (pgrp > 0 && kill)
		kill(pgrp, sig);
}

/**
 * tty_receive() - input from the device
 * @tty: the tty
 * @s: the bytes received
 * @n: how many
 *
 * For the driver's receive interrupt, or its poll.  Each byte goes
 * through the line discipline (echo included); a signal character sends
 * its signal to the foreground process group; readers are woken.
 */
void tty_receive(struct tty_struct *tty, const unsigned char *s, size_t n)
{
	unsigned long flags;
	int sig, pgrp;

	while (n) {
		sig = 0;
		spin_lock_irqsave(&tty->lock, flags);
		for (; n && !sig; n--)
			sig = n_tty_receive_char(&tty->ldisc, *s++);
		tty_flush_xmit(tty);
		pgrp = tty->pgrp;
		spin_unlock_irqrestore(&tty->lock, flags);
		if (sig)
			tty_signal_pgrp(pgrp, sig);
	}
	tty_wake_up(&tty->read_wait);
}

/**
 * tty_open() - open the tty for a caller
 * @tty: the tty
 * @caller: who opens
 * @noctty: O_NOCTTY
 *
 * As in Linux, a session leader that opens a tty no session owns, without
 * O_NOCTTY, makes it its controlling tty.  Returns 0.
 */
int tty_open(struct tty_struct *tty, const struct tty_caller *caller,
	     bool noctty)
{
	unsigned long flags;
	bool first;

	spin_lock_irqsave(&tty->lock, flags);
	first = !tty->count++;
	if (!noctty && caller && caller->sid == caller->pid &&
	    !tty->session) {
		tty->session = caller->sid;
		tty->pgrp = caller->pgid;
	}
	spin_unlock_irqrestore(&tty->lock, flags);
	if (first && tty->ops->open)
		tty->ops->open(tty);
	return 0;
}

/**
 * tty_release() - the last close of one open
 * @tty: the tty
 */
void tty_release(struct tty_struct *tty)
{
	unsigned long flags;
	bool last;

	spin_lock_irqsave(&tty->lock, flags);
	last = tty->count && !--tty->count;
	spin_unlock_irqrestore(&tty->lock, flags);
	if (last && tty->ops->close)
		tty->ops->close(tty);
}

/**
 * tty_end_session() - session @sid's leader exits: it loses the tty
 * @tty: the tty
 * @sid: the session
 *
 * If @tty is @sid's controlling tty, its foreground group gets SIGHUP and
 * SIGCONT (Linux's hang-up on the leader's exit) and the tty is free for
 * the next session leader that opens it.
 */
void tty_end_session(struct tty_struct *tty, int sid)
{
	unsigned long flags;
	int pgrp = 0;

	spin_lock_irqsave(&tty->lock, flags);
	if (sid && tty->session == sid) {
		pgrp = tty->pgrp;
		tty->session = tty->pgrp = 0;
	}
	spin_unlock_irqrestore(&tty->lock, flags);
	tty_signal_pgrp(pgrp, TTY_SIGHUP);
	tty_signal_pgrp(pgrp, TTY_SIGCONT);
}

/**
 * tty_poll_readable() - would a read return without waiting
 * @tty: the tty
 */
bool tty_poll_readable(struct tty_struct *tty)
{
	unsigned long flags;
	bool ready;

	spin_lock_irqsave(&tty->lock, flags);
	ready = n_tty_input_available(&tty->ldisc);
	spin_unlock_irqrestore(&tty->lock, flags);
	return ready;
}

/* the wait's condition: anything new to read (a line, EOF, a byte) */
static bool tty_has_input(struct tty_struct *tty)
{
	unsigned long flags;
	bool any;

	spin_lock_irqsave(&tty->lock, flags);
	any = n_tty_inq(&tty->ldisc) || n_tty_input_available(&tty->ldisc);
	spin_unlock_irqrestore(&tty->lock, flags);
	return any;
}

static void tty_idle(void *data)
{
	struct tty_struct *tty = data;

	tty->ops->poll(tty);
}

/* poll between sleeps only where no interrupt brings the input */
static void tty_read_wait_setup(struct tty_struct *tty)
{
	bool poll = tty->ops->poll && !READ_ONCE(tty->rx_interrupt);

	tty->read_wait.data = tty;
	tty->read_wait.idle = poll ? tty_idle : NULL;
}

#define NSEC_PER_DECISECOND	100000000ULL

/**
 * tty_read() - read as the line discipline allows
 * @tty: the tty
 * @buf: a kernel buffer
 * @nr: its size
 * @nonblock: O_NONBLOCK: -EAGAIN rather than wait
 *
 * Canonical mode returns a line (or part of one if @nr is short), 0 at
 * end of file; otherwise VMIN and VTIME decide (n_tty_read_wait()).
 * Returns the bytes read, -EAGAIN, or -ERESTARTSYS when a signal ends the
 * wait with nothing read.
 */
ssize_t tty_read(struct tty_struct *tty, void *buf, size_t nr, bool nonblock)
{
	struct n_tty_wait w;
	unsigned long flags;
	bool timed_out = false;
	size_t copied = 0;
	u64 timeout;
	ssize_t r;
	int ret;

	if (!nr)
		return 0;
	tty_read_wait_setup(tty);
	for (;;) {
		spin_lock_irqsave(&tty->lock, flags);
		r = n_tty_read(&tty->ldisc, (unsigned char *)buf + copied,
			       nr - copied);
		if (r > 0)
			copied += r;
		w = n_tty_read_wait(&tty->ldisc, nr, copied, timed_out);
		spin_unlock_irqrestore(&tty->lock, flags);
		if (r == 0 || w.done)
			return copied;
		if (nonblock)
			return copied ? (ssize_t)copied : -EAGAIN;
		timeout = w.timeout_ds * NSEC_PER_DECISECOND;
		ret = tty_wait_event_timeout(&tty->read_wait,
					     tty_has_input(tty), timeout);
		if (ret == -ERESTARTSYS)
			return copied ? (ssize_t)copied : -ERESTARTSYS;
		timed_out = ret == -ETIMEDOUT;
	}
}

/* the piece of a write processed under one hold of the lock */
#define TTY_WRITE_CHUNK	256

/**
 * tty_write() - write through output processing
 * @tty: the tty
 * @buf: a kernel buffer
 * @n: its length
 *
 * The device takes every byte before this returns (TCSETSW has nothing
 * to wait for).  Returns @n.
 */
ssize_t tty_write(struct tty_struct *tty, const void *buf, size_t n)
{
	const unsigned char *s = buf;
	unsigned long flags;
	size_t part, left;

	for (left = n; left; left -= part, s += part) {
		part = min_t(size_t, left, TTY_WRITE_CHUNK);
		spin_lock_irqsave(&tty->lock, flags);
		n_tty_write(&tty->ldisc, s, part);
		tty_flush_xmit(tty);
		spin_unlock_irqrestore(&tty->lock, flags);
	}
	return n;
}

/**
 * tty_set_console() - name the tty /dev/console opens
 * @tty: the console device's tty
 */
void tty_set_console(struct tty_struct *tty)
{
	console_tty = tty;
}

struct tty_struct *tty_console(void)
{
	return console_tty;
}
