// SPDX-License-Identifier: GPL-2.0
/*
 * printk: format a message, stamp it with the time since boot, keep it in
 * the log ring (for dmesg) and write it to the consoles.
 *
 * The ring holds text exactly as the consoles saw it, "[    1.234567] "
 * prefixes included, so dmesg reproduces the serial log.  When the ring is
 * full the oldest bytes are overwritten.  Messages above console_loglevel
 * are kept in the ring but not printed, as in Linux.
 */
#include <linux/console.h>
#include <linux/kernel.h>
#include <linux/kmsg.h>
#include <linux/printk.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/time.h>

#define LOG_BUF_LEN	(1UL << CONFIG_LOG_BUF_SHIFT)

static char log_buf[LOG_BUF_LEN];
static unsigned long log_head;		/* total bytes ever written */
static bool log_line_open;		/* last message had no newline */
static DEFINE_SPINLOCK(logbuf_lock);
static struct console *console_list;

int console_loglevel = CONSOLE_LOGLEVEL_DEFAULT;

static void log_store(const char *s, unsigned long n)
{
	while (n--)
		log_buf[log_head++ % LOG_BUF_LEN] = *s++;
}

static void consoles_write(const char *s, unsigned int n)
{
	struct console *con;

	for (con = console_list; con; con = con->next)
		con->write(con, s, n);
}

/* "\001N" at the start selects the level; "\001c" continues a line */
static int printk_parse_level(const char **fmt, bool *cont)
{
	const char *f = *fmt;
	int level = -1;

	*cont = false;
	while (f[0] == KERN_SOH_ASCII && f[1]) {
		if (f[1] >= '0' && f[1] <= '7')
			level = f[1] - '0';
		else if (f[1] == 'c')
			*cont = true;
		f += 2;
	}
	*fmt = f;
	return level;
}

static int printk_format_stamp(char *buf, size_t size, u64 ns)
{
	return scnprintf(buf, size, "[%5llu.%06llu] ",
			 (unsigned long long)(ns / 1000000000ULL),
			 (unsigned long long)(ns % 1000000000ULL) / 1000);
}

/* logbuf_lock held: @text (@len bytes) at @level for @facility */
static int log_emit(int facility, int level, bool cont, const char *text,
		    int len)
{
	bool show = level < console_loglevel, begin;
	u64 ns = local_clock();
	char stamp[32];
	int slen = 0;

	if (log_line_open && !cont) {
		log_store("\n", 1);
		if (show)
			consoles_write("\n", 1);
		log_line_open = false;
	}
	begin = !log_line_open;
	if (begin)
		slen = printk_format_stamp(stamp, sizeof(stamp), ns);
	kmsg_record_add(begin, facility << 3 | level, ns / 1000,
			text, len);
	log_store(stamp, slen);
	log_store(text, len);
	if (show) {
		consoles_write(stamp, slen);
		consoles_write(text, len);
	}
	log_line_open = len ? text[len - 1] != '\n' : log_line_open;
	return len;
}

/**
 * vprintk() - print a message with a va_list
 * @fmt: format, optionally starting with a KERN_* level
 * @args: arguments
 *
 * Returns the number of characters of the message text.
 */
int vprintk(const char *fmt, va_list args)
{
	static char text[1024];
	unsigned long flags;
	bool cont;
	int level, len;

	level = printk_parse_level(&fmt, &cont);
	if (level < 0)
		level = LOGLEVEL_DEFAULT;
	spin_lock_irqsave(&logbuf_lock, flags);
	len = vscnprintf(text, sizeof(text), fmt, args);
	len = log_emit(0, level, cont, text, len);
	spin_unlock_irqrestore(&logbuf_lock, flags);
	return len;
}

/**
 * printk_emit_user() - log a line written to /dev/kmsg
 * @facility: from its "<prio>" prefix (LOG_FACILITY_USER without one)
 * @level: likewise
 * @text: the line, not NUL-terminated
 * @len: its length
 */
void printk_emit_user(int facility, int level, const char *text, size_t len)
{
	unsigned long flags;

	spin_lock_irqsave(&logbuf_lock, flags);
	log_emit(facility, level, false, text, len);
	if (!len || text[len - 1] != '\n')
		log_emit(facility, level, true, "\n", 1);
	spin_unlock_irqrestore(&logbuf_lock, flags);
}

int printk(const char *fmt, ...)
{
	va_list args;
	int r;

	va_start(args, fmt);
	r = vprintk(fmt, args);
	va_end(args);
	return r;
}

unsigned long log_buf_read(unsigned long *pos, char *buf, unsigned long size)
{
	unsigned long flags, first, n = 0;

	spin_lock_irqsave(&logbuf_lock, flags);
	first = log_head > LOG_BUF_LEN ? log_head - LOG_BUF_LEN : 0;
	if (*pos < first)
		*pos = first;
	while (*pos < log_head && n < size)
		buf[n++] = log_buf[(*pos)++ % LOG_BUF_LEN];
	spin_unlock_irqrestore(&logbuf_lock, flags);
	return n;
}

/**
 * log_buf_bounds() - where the kept log starts and ends
 * @first: the cursor of its oldest byte still kept
 * @next: the cursor just past its newest byte
 */
void log_buf_bounds(unsigned long *first, unsigned long *next)
{
	unsigned long flags;

	spin_lock_irqsave(&logbuf_lock, flags);
	*next = log_head;
	*first = log_head > LOG_BUF_LEN ? log_head - LOG_BUF_LEN : 0;
	spin_unlock_irqrestore(&logbuf_lock, flags);
}

/**
 * register_console() - add an output (and possibly input) device
 * @con: the console; with CON_PRINTBUFFER it first gets the log so far
 */
void register_console(struct console *con)
{
	unsigned long pos = 0, n;
	char chunk[256];

	if (con->flags & CON_PRINTBUFFER)
		while ((n = log_buf_read(&pos, chunk, sizeof(chunk))))
			con->write(con, chunk, n);
	con->next = console_list;
	console_list = con;
}

void unregister_console(struct console *con)
{
	struct console **p;

	for (p = &console_list; *p; p = &(*p)->next) {
		if (*p == con) {
			*p = con->next;
			return;
		}
	}
}

/*
 * Direct writes take logbuf_lock like printk(), so a message another CPU
 * prints lands between two writes, never inside one: test data such as
 * the memtype log is parsed line by line at the other end.  A long write
 * goes in pieces, so that interrupts are never off for long.
 */
#define CONSOLE_WRITE_PIECE	4096

void console_write(const char *s, unsigned int n)
{
	unsigned long flags;
	unsigned int part;

	for (; n; s += part, n -= part) {
		part = min_t(unsigned int, n, CONSOLE_WRITE_PIECE);
		spin_lock_irqsave(&logbuf_lock, flags);
		consoles_write(s, part);
		spin_unlock_irqrestore(&logbuf_lock, flags);
	}
}

/**
 * console_write_named() - write to the console called @name only
 *
 * For bulk data meant for a machine at the other end of a serial line
 * (test logs): a framebuffer console would spend its time scrolling.
 * Returns false if there is no such console.
 */
bool console_write_named(const char *name, const char *s, unsigned int n)
{
	struct console *con;
	unsigned long flags;

	for (con = console_list; con; con = con->next) {
		if (!strcmp(con->name, name)) {
			spin_lock_irqsave(&logbuf_lock, flags);
			con->write(con, s, n);
			spin_unlock_irqrestore(&logbuf_lock, flags);
			return true;
		}
	}
	return false;
}

/**
 * console_output_lock() - hold off every other console writer
 *
 * For a driver that writes to its console device outside the console
 * path (a tty's output): printk() and console_write() wait, so a kernel
 * message lands between two such writes, never inside one.  Interrupts
 * are off until console_output_unlock(); do not printk() meanwhile.
 * Returns the flags to hand back.
 */
unsigned long console_output_lock(void)
{
	unsigned long flags;

	spin_lock_irqsave(&logbuf_lock, flags);
	return flags;
}

void console_output_unlock(unsigned long flags)
{
	spin_unlock_irqrestore(&logbuf_lock, flags);
}

int console_getc(void)
{
	struct console *con;
	int c;

	for (con = console_list; con; con = con->next) {
		if (con->read) {
			c = con->read(con);
			if (c >= 0)
				return c;
		}
	}
	return -1;
}
