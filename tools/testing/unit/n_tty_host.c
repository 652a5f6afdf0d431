// SPDX-License-Identifier: GPL-2.0
/*
 * Linux's termios values as the host's kernel headers (Debian's
 * linux-libc-dev) give them, by name, for test_n_tty.c to compare with
 * cachet's include/uapi/asm-generic/termbits.h and ioctls.h.
 */
#include <stddef.h>
#include <asm/ioctls.h>
#include <asm/termbits.h>
#include <asm/termios.h>
#include "n_tty_host.h"

#define FACT(x)	{ #x, (unsigned long)(x) }

const struct n_tty_fact n_tty_linux_facts[] = {
	{ "sizeof_termios", sizeof(struct termios) },
	{ "offsetof_c_line", offsetof(struct termios, c_line) },
	{ "offsetof_c_cc", offsetof(struct termios, c_cc) },
	{ "sizeof_winsize", sizeof(struct winsize) },
	FACT(NCCS), FACT(VINTR), FACT(VQUIT), FACT(VERASE), FACT(VKILL),
	FACT(VEOF), FACT(VTIME), FACT(VMIN), FACT(VSWTC), FACT(VSTART),
	FACT(VSTOP), FACT(VSUSP), FACT(VEOL), FACT(VREPRINT),
	FACT(VDISCARD), FACT(VWERASE), FACT(VLNEXT), FACT(VEOL2),
	FACT(IGNBRK), FACT(BRKINT), FACT(IGNPAR), FACT(PARMRK), FACT(INPCK),
	FACT(ISTRIP), FACT(INLCR), FACT(IGNCR), FACT(ICRNL), FACT(IUCLC),
	FACT(IXON), FACT(IXANY), FACT(IXOFF), FACT(IMAXBEL), FACT(IUTF8),
	FACT(OPOST), FACT(OLCUC), FACT(ONLCR), FACT(OCRNL), FACT(ONOCR),
	FACT(ONLRET), FACT(CBAUD), FACT(B9600), FACT(B38400), FACT(B115200),
	FACT(CSIZE), FACT(CS8), FACT(CSTOPB), FACT(CREAD), FACT(PARENB),
	FACT(HUPCL), FACT(CLOCAL), FACT(ISIG), FACT(ICANON), FACT(ECHO),
	FACT(ECHOE), FACT(ECHOK), FACT(ECHONL), FACT(NOFLSH), FACT(TOSTOP),
	FACT(ECHOCTL), FACT(ECHOPRT), FACT(ECHOKE), FACT(FLUSHO),
	FACT(PENDIN), FACT(IEXTEN), FACT(TCIFLUSH), FACT(TCOFLUSH),
	FACT(TCIOFLUSH), FACT(TCOOFF), FACT(TCOON), FACT(TCIOFF),
	FACT(TCION), FACT(TCGETS), FACT(TCSETS), FACT(TCSETSW),
	FACT(TCSETSF), FACT(TCSBRK), FACT(TCXONC), FACT(TCFLSH), FACT(TIOCSCTTY),
	FACT(TIOCGPGRP), FACT(TIOCSPGRP), FACT(TIOCGWINSZ), FACT(TIOCSWINSZ),
	FACT(FIONREAD), FACT(TIOCNOTTY), FACT(TIOCGSID),
	{ NULL, 0 }
};
