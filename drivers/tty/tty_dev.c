// SPDX-License-Identifier: GPL-2.0
/*
 * The tty device nodes, with Linux's numbers, and the operations the
 * VFS's char-device registry calls for them (include/linux/tty.h,
 * struct tty_file_ops).  There is one terminal, the 8250's ttyS0, and it
 * is the console; /dev/tty is whatever tty controls the opener's session.
 */
#include <linux/errno.h>
#include <linux/tty.h>

/* devtmpfs's modes: Linux's tty_devnode() opens /dev/tty to everyone */
const struct tty_chrdev tty_chrdevs[] = {
	{ "tty", TTYAUX_MAJOR, 0, 0666 },
	{ "console", TTYAUX_MAJOR, 1, 0600 },
	{ "ttyS0", TTY_MAJOR, TTY_SERIAL_MINOR, 0600 },
	{ NULL, 0, 0, 0 }
};

/* /dev/tty: the tty whose session is the caller's */
static struct tty_struct *controlling_tty(const struct tty_caller *c)
{
	struct tty_struct *tty = tty_console();

	if (tty && c && c->sid && READ_ONCE(tty->session) == c->sid)
		return tty;
	return NULL;
}

static int tty_dev_open(unsigned int major, unsigned int minor,
			const struct tty_caller *caller, bool noctty,
			struct tty_struct **ttyp)
{
	struct tty_struct *tty = NULL;

	if (major == TTYAUX_MAJOR && minor == 0) {
		tty = controlling_tty(caller);
		if (!tty)
			return -ENXIO;	/* Linux: no controlling tty */
		noctty = true;
	} else if ((major == TTYAUX_MAJOR && minor == 1) ||
		   (major == TTY_MAJOR && minor == TTY_SERIAL_MINOR)) {
		tty = tty_console();
		/* Linux never makes /dev/console a controlling tty */
		if (major == TTYAUX_MAJOR)
			noctty = true;
	}
	if (!tty)
		return -ENODEV;
	*ttyp = tty;
	return tty_open(tty, caller, noctty);
}

const struct tty_file_ops tty_fops = {
	.open = tty_dev_open,
	.release = tty_release,
	.read = tty_read,
	.write = tty_write,
	.ioctl = tty_ioctl,
	.poll_readable = tty_poll_readable,
};
