/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The build machine's Linux termios facts (<asm/termbits.h>,
 * <asm/ioctls.h>), read in n_tty_host.c, which cannot see cachet's
 * headers of the same names.
 */
#ifndef _N_TTY_HOST_H
#define _N_TTY_HOST_H

#include <stddef.h>

struct n_tty_fact {
	const char *name;
	unsigned long value;
};

/* NULL-named entry at the end */
extern const struct n_tty_fact n_tty_linux_facts[];

#endif
