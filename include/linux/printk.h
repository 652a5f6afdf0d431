/* SPDX-License-Identifier: GPL-2.0 */
/*
 * printk with Linux's log levels: a message starts with KERN_SOH and a
 * digit (KERN_INFO is "\0016").  Lines go to a ring buffer (dmesg) and to
 * every registered console whose level allows them.
 */
#ifndef _CACHET_LINUX_PRINTK_H
#define _CACHET_LINUX_PRINTK_H

#include <stdarg.h>
#include <linux/compiler.h>

#define KERN_SOH	"\001"
#define KERN_SOH_ASCII	'\001'
#define KERN_EMERG	KERN_SOH "0"
#define KERN_ALERT	KERN_SOH "1"
#define KERN_CRIT	KERN_SOH "2"
#define KERN_ERR	KERN_SOH "3"
#define KERN_WARNING	KERN_SOH "4"
#define KERN_NOTICE	KERN_SOH "5"
#define KERN_INFO	KERN_SOH "6"
#define KERN_DEBUG	KERN_SOH "7"
#define KERN_DEFAULT	""
#define KERN_CONT	KERN_SOH "c"

#define LOGLEVEL_DEFAULT	4	/* for messages without a level */
#define CONSOLE_LOGLEVEL_DEFAULT 7	/* everything but KERN_DEBUG */

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif

__printf(1, 2) int printk(const char *fmt, ...);
int vprintk(const char *fmt, va_list args);

#define pr_emerg(fmt, ...)	printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert(fmt, ...)	printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...)	printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)	printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)	printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice(fmt, ...)	printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)	printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...)	printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_cont(fmt, ...)	printk(KERN_CONT fmt, ##__VA_ARGS__)

/* the console's verbosity: "loglevel=", "debug" and "quiet" change it */
extern int console_loglevel;

/**
 * log_buf_read() - copy the kernel log (oldest first) for dmesg
 * @pos: in/out cursor, 0 to start
 * @buf: destination
 * @size: size of @buf
 *
 * Returns the number of bytes copied, 0 at the end of the log.
 */
unsigned long log_buf_read(unsigned long *pos, char *buf, unsigned long size);
void log_buf_bounds(unsigned long *first, unsigned long *next);

#endif /* _CACHET_LINUX_PRINTK_H */
