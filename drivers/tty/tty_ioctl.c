// SPDX-License-Identifier: GPL-2.0
/*
 * The terminal ioctls, by Linux's numbers and with its errors.  The
 * argument of the pointer ioctls is a kernel pointer: the system-call
 * glue copies in or out the size tty_ioctl_arg() gives.
 *
 * Job control: a tty's session and foreground group are numbers set
 * through TIOCSCTTY and TIOCSPGRP; the caller's identity comes in struct
 * tty_caller, and the one fact that needs the process table (the session
 * of a group TIOCSPGRP names) through the tty_pgrp_session hook, which
 * drivers/tty/tty_file.c sets.
 */
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/tty.h>

struct tty_ioctl_desc {
	unsigned int cmd;
	enum tty_ioctl_dir dir;
	size_t size;
};

static const struct tty_ioctl_desc tty_ioctls[] = {
	{ TCGETS, TTY_ARG_OUT, sizeof(struct termios) },
	{ TCSETS, TTY_ARG_IN, sizeof(struct termios) },
	{ TCSETSW, TTY_ARG_IN, sizeof(struct termios) },
	{ TCSETSF, TTY_ARG_IN, sizeof(struct termios) },
	{ TCSBRK, TTY_ARG_VALUE, 0 },
	{ TCXONC, TTY_ARG_VALUE, 0 },
	{ TCFLSH, TTY_ARG_VALUE, 0 },
	{ TIOCSCTTY, TTY_ARG_VALUE, 0 },
	{ TIOCGPGRP, TTY_ARG_OUT, sizeof(int) },
	{ TIOCSPGRP, TTY_ARG_IN, sizeof(int) },
	{ TIOCGWINSZ, TTY_ARG_OUT, sizeof(struct winsize) },
	{ TIOCSWINSZ, TTY_ARG_IN, sizeof(struct winsize) },
	{ FIONREAD, TTY_ARG_OUT, sizeof(int) },
	{ TIOCNOTTY, TTY_ARG_VALUE, 0 },
	{ TIOCGSID, TTY_ARG_OUT, sizeof(int) },
};

/**
 * tty_ioctl_arg() - how an ioctl's argument travels
 * @cmd: the ioctl
 * @dir: set to by value, in or out
 * @size: set to the bytes to copy for in and out
 *
 * Returns 0, or -ENOTTY for an ioctl the tty does not know.
 */
int tty_ioctl_arg(unsigned int cmd, enum tty_ioctl_dir *dir, size_t *size)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(tty_ioctls); i++) {
		if (tty_ioctls[i].cmd == cmd) {
			*dir = tty_ioctls[i].dir;
			*size = tty_ioctls[i].size;
			return 0;
		}
	}
	return -ENOTTY;
}

/* is @tty the controlling tty of @c's session; tty->lock held */
static bool is_ctty(const struct tty_struct *tty, const struct tty_caller *c)
{
	return c && tty->session && tty->session == c->sid;
}

static long set_termios(struct tty_struct *tty, unsigned int cmd,
			const struct termios *t)
{
	/* output is synchronous: TCSETSW has nothing to drain */
	if (cmd == TCSETSF)
		n_tty_flush_input(&tty->ldisc);
	n_tty_set_termios(&tty->ldisc, t);
	return 0;
}

static long set_winsize(struct tty_struct *tty, const struct winsize *ws,
			int *sig_pgrp)
{
	if (memcmp(ws, &tty->winsize, sizeof(*ws))) {
		tty->winsize = *ws;
		*sig_pgrp = tty->pgrp;
	}
	return 0;
}

static long set_ctty(struct tty_struct *tty, const struct tty_caller *c,
		     unsigned long steal)
{
	if (!c)
		return -EPERM;
	if (is_ctty(tty, c) && c->sid == c->pid)
		return 0;
	if (c->sid != c->pid)
		return -EPERM;		/* only a session leader */
	/* every task has root's rights until there are credentials */
	if (tty->session && steal != 1)
		return -EPERM;
	tty->session = c->sid;
	tty->pgrp = c->pgid;
	return 0;
}

/*
 * TIOCSPGRP, in Linux's order of checks: a negative group is invalid, the
 * tty must be the caller's controlling one, the group must exist (@sid
 * is its session, or -ESRCH) and be of the caller's session.
 */
static long set_pgrp(struct tty_struct *tty, const struct tty_caller *c,
		     int pgrp, int sid)
{
	if (pgrp < 0)
		return -EINVAL;
	if (!is_ctty(tty, c))
		return -ENOTTY;
	if (sid < 0)
		return sid;
	if (sid != c->sid)
		return -EPERM;
	tty->pgrp = pgrp;
	return 0;
}

static long flow(struct tty_struct *tty, unsigned long arg)
{
	struct termios *t = &tty->ldisc.termios;
	unsigned char c;

	switch (arg) {
	case TCOOFF:
	case TCOON:
		tty->ldisc.stopped = arg == TCOOFF;
		return 0;
	case TCIOFF:
	case TCION:
		c = t->c_cc[arg == TCIOFF ? VSTOP : VSTART];
		if (c && tty->ops->write)
			tty->ops->write(tty, &c, 1);
		return 0;
	}
	return -EINVAL;
}

static long flush(struct tty_struct *tty, unsigned long arg)
{
	switch (arg) {
	case TCIFLUSH:
	case TCIOFLUSH:
		n_tty_flush_input(&tty->ldisc);
		return 0;
	case TCOFLUSH:
		return 0;	/* output never waits in a buffer */
	}
	return -EINVAL;
}

/* TIOCNOTTY: a session leader gives the tty up, hanging up its group */
static long give_up_ctty(struct tty_struct *tty, const struct tty_caller *c,
			 int *hup_pgrp)
{
	if (!is_ctty(tty, c))
		return -ENOTTY;
	if (c->sid == c->pid) {
		*hup_pgrp = tty->pgrp;
		tty->session = tty->pgrp = 0;
	}
	return 0;
}

static long get_id(const struct tty_struct *tty, const struct tty_caller *c,
		   int id, int *out)
{
	if (!is_ctty(tty, c) || !id)
		return -ENOTTY;
	*out = id;
	return 0;
}

/* what the tty cannot know: the session of process group @pgrp */
int (*tty_pgrp_session)(int pgrp);

static int pgrp_session(const struct tty_caller *c, int pgrp)
{
	int (*lookup)(int pgrp) = READ_ONCE(tty_pgrp_session);

	if (pgrp <= 0)
		return -ESRCH;		/* no process group 0 */
	if (lookup)
		return lookup(pgrp);
	return c ? c->sid : -ESRCH;	/* no process table: trust it */
}

static long tty_ioctl_locked(struct tty_struct *tty,
			     const struct tty_caller *c, unsigned int cmd,
			     unsigned long arg, int *winch, int *hup,
			     int pgrp_sid)
{
	void *p = (void *)arg;

	switch (cmd) {
	case TCGETS:
		*(struct termios *)p = tty->ldisc.termios;
		return 0;
	case TCSETS:
	case TCSETSW:
	case TCSETSF:
		return set_termios(tty, cmd, p);
	case TCSBRK:
		/*
		 * tcdrain() (a non-zero @arg) waits for output to be sent,
		 * which happened in write().  A zero @arg asks for a break,
		 * and like Linux with a driver that has no break_ctl (the
		 * 8250 here has none), nothing is sent and 0 returned.
		 */
		return 0;
	case TCXONC:
		return flow(tty, arg);
	case TCFLSH:
		return flush(tty, arg);
	case TIOCSCTTY:
		return set_ctty(tty, c, arg);
	case TIOCNOTTY:
		return give_up_ctty(tty, c, hup);
	case TIOCGPGRP:
		/* Linux answers 0 when the session has no foreground group */
		if (!is_ctty(tty, c))
			return -ENOTTY;
		*(int *)p = tty->pgrp;
		return 0;
	case TIOCSPGRP:
		return set_pgrp(tty, c, *(int *)p, pgrp_sid);
	case TIOCGSID:
		return get_id(tty, c, tty->session, p);
	case TIOCGWINSZ:
		*(struct winsize *)p = tty->winsize;
		return 0;
	case TIOCSWINSZ:
		return set_winsize(tty, p, winch);
	case FIONREAD:
		*(int *)p = n_tty_inq(&tty->ldisc);
		return 0;
	}
	return -ENOTTY;
}

/**
 * tty_ioctl() - a terminal ioctl
 * @tty: the tty
 * @caller: who asks (its session and group), for the job-control ones
 * @cmd: Linux's number
 * @arg: the value, or a kernel pointer to tty_ioctl_arg()'s size
 *
 * Returns 0 or Linux's error: -ENOTTY for an ioctl a tty does not have,
 * or a job-control ioctl on a tty that is not the caller's controlling
 * one; -EINVAL for a bad TCFLSH, TCXONC or a negative group; -ESRCH for
 * a group that does not exist, -EPERM for one of another session.  A failed
 * ioctl changes nothing.
 */
long tty_ioctl(struct tty_struct *tty, const struct tty_caller *caller,
	       unsigned int cmd, unsigned long arg)
{
	unsigned long flags;
	int winch = 0, hup = 0, pgrp_sid = 0;
	long ret;

	/* the process table's lock is never taken inside tty->lock */
	if (cmd == TIOCSPGRP)
		pgrp_sid = pgrp_session(caller, *(int *)arg);
	spin_lock_irqsave(&tty->lock, flags);
	ret = tty_ioctl_locked(tty, caller, cmd, arg, &winch, &hup,
			       pgrp_sid);
	spin_unlock_irqrestore(&tty->lock, flags);
	tty_signal_pgrp(winch, TTY_SIGWINCH);
	tty_signal_pgrp(hup, TTY_SIGHUP);
	tty_signal_pgrp(hup, TTY_SIGCONT);
	return ret;
}
