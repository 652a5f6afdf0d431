/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Consoles: where printk output and the shell go.  The serial port is the
 * first one; a framebuffer console can join later and gets the log so far.
 */
#ifndef _CACHET_LINUX_CONSOLE_H
#define _CACHET_LINUX_CONSOLE_H

#include <linux/types.h>

#define CON_PRINTBUFFER	0x1	/* replay the log when registered */

struct console {
	const char *name;
	void (*write)(struct console *con, const char *s, unsigned int n);
	int (*read)(struct console *con);	/* a byte, or -1 if none */
	unsigned int flags;
	struct console *next;
};

void register_console(struct console *con);
void unregister_console(struct console *con);
/* write to every console, whatever the log level (the shell's output) */
void console_write(const char *s, unsigned int n);
/* one console only, e.g. "ttyS0" */
bool console_write_named(const char *name, const char *s, unsigned int n);
/* around a device write outside the console path: see printk.c */
unsigned long console_output_lock(void);
void console_output_unlock(unsigned long flags);
/* poll every console for input: a byte, or -1 if there is none */
int console_getc(void);

#endif /* _CACHET_LINUX_CONSOLE_H */
